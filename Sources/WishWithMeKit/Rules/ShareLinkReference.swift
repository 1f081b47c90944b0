import Foundation

/// Why pasted text does not lead to a shared wishlist.
public enum ShareLinkReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    /// A URL, but not of the form `…/s/{token}`.
    case notAShareLink
    /// The token part is not 8–64 letters and digits.
    case malformedToken

    public var message: String {
        switch self {
        case .empty: "Paste the link you were sent."
        case .notAShareLink: "That is not a wishlist link; it should look like https://wishwith.me/s/…"
        case .malformedToken: "That wishlist link looks incomplete; copy the whole link again."
        }
    }

    public var description: String { message }
}

/// The share token behind what a user pasted or a deep link delivered (spec §1.1):
/// `https://<any host>/s/{token}` (trailing slash, query and fragment ignored; `http` is
/// accepted for local servers), `wishwithme://s/{token}`, or the bare token.
///
/// Tokens are 32 alphanumerics today; any 8–64 ASCII letters and digits are accepted.
public struct ShareLinkReference: Sendable, Hashable {
    public static let tokenLengths = 8...64

    public let token: String

    public init(parsing input: String) throws(ShareLinkReferenceError) {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .empty }
        guard text.contains(":") || text.contains("/") else {
            guard Self.isToken(text) else { throw .malformedToken }
            token = text
            return
        }
        token = try Self.token(inURL: text)
    }

    /// `{webBase}/s/{token}`, the link to send to someone.
    public func shareURL(webBase: String = "https://wishwith.me") -> String {
        (webBase.hasSuffix("/") ? String(webBase.dropLast()) : webBase) + "/s/" + token
    }

    private static func token(inURL text: String) throws(ShareLinkReferenceError) -> String {
        let lowered = text.lowercased()
        let path: Substring
        if lowered.hasPrefix("wishwithme://") {
            path = text.dropFirst("wishwithme://".count)
        } else if let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) {
            let afterScheme = text.dropFirst(scheme.count)
            guard let slash = afterScheme.firstIndex(of: "/"), slash != afterScheme.startIndex else {
                throw .notAShareLink
            }
            path = afterScheme[afterScheme.index(after: slash)...]
        } else {
            throw .notAShareLink
        }
        let withoutQuery = path.prefix { $0 != "?" && $0 != "#" }
        var segments = withoutQuery.split(separator: "/", omittingEmptySubsequences: false)
        if segments.last?.isEmpty == true { segments.removeLast() }
        guard segments.count == 2, segments[0] == "s" else { throw .notAShareLink }
        let candidate = String(segments[1])
        guard isToken(candidate) else { throw .malformedToken }
        return candidate
    }

    private static func isToken(_ text: String) -> Bool {
        tokenLengths.contains(text.unicodeScalars.count)
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
