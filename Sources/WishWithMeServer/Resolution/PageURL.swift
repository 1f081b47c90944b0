import Foundation

/// The address a page was fetched from, used to make the page's links absolute and to
/// tell whether a link stays on the same site.
struct PageURL {
    /// Item URLs are stored up to this length; longer links are dropped, not cut.
    static let longestURL = 2048

    /// Second-level labels under which a two-letter country domain sells names one level
    /// deeper (`shop.co.uk`, `store.com.au`). Not the public suffix list, just its common case.
    private static let countrySecondLevels: Set<String> = ["co", "com", "net", "org", "gov", "edu", "ac"]

    private let base: URL?

    /// A page URL that is not absolute http(s) still resolves absolute links, but no
    /// canonical link can be shown to be on its site.
    init(_ string: String) {
        base = Self.httpURL(URL(string: string.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// `reference` made absolute against the page, if the result is an http(s) URL with a
    /// host. `data:`, `javascript:` and other schemes give `nil`.
    func resolved(_ reference: String) -> String? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let url = Self.httpURL(URL(string: trimmed, relativeTo: base)) else { return nil }
        let absolute = url.absoluteString
        return absolute.utf8.count <= Self.longestURL ? absolute : nil
    }

    /// `reference` resolved as by ``resolved(_:)``, kept only when it lies on the same
    /// registrable domain as the page: a page may name its own canonical address, not
    /// send the item somewhere else.
    func resolvedOnSameSite(_ reference: String) -> String? {
        guard let baseHost = base?.host, let absolute = resolved(reference),
            let host = URL(string: absolute)?.host
        else { return nil }
        return Self.registrableDomain(of: host) == Self.registrableDomain(of: baseHost) ? absolute : nil
    }

    /// The last two labels of `host`, or the last three under a common country
    /// second level (`example.co.uk`). IP addresses are their own domain.
    static func registrableDomain(of host: String) -> String {
        var name = host.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4 = labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        guard !name.contains(":"), !isIPv4, labels.count > 2 else { return name }
        let underCountrySecondLevel =
            labels[labels.count - 1].count == 2 && countrySecondLevels.contains(String(labels[labels.count - 2]))
        return labels.suffix(underCountrySecondLevel ? 3 : 2).joined(separator: ".")
    }

    private static func httpURL(_ url: URL?) -> URL? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
