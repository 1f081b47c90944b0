import Foundation

/// Where a mail link may send the browser after `GET /verify` (GoTrue
/// `IsRedirectURLValid`, research doc §5.6): a URL on the site itself (same scheme and
/// host), a loopback address (development), or one matching the allow-list, whose `*`
/// matches any run of characters. Anything else falls back to the site URL, so a mail
/// link can never be made to deliver tokens to someone else's site.
struct RedirectPolicy: Sendable {
    let siteURL: String
    let allowList: [String]

    /// `candidate` if it may be used, else `nil`. Fragments never count.
    func allowed(_ candidate: String?) -> String? {
        guard let candidate, !candidate.isEmpty, candidate.utf8.count <= 2048,
            var components = URLComponents(string: candidate), let scheme = components.scheme?.lowercased(), !scheme.isEmpty
        else { return nil }
        components.fragment = nil
        guard let withoutFragment = components.string else { return nil }
        if let site = URLComponents(string: siteURL), site.scheme?.lowercased() == scheme,
            let host = components.host?.lowercased(), site.host?.lowercased() == host
        {
            return withoutFragment
        }
        if ["http", "https"].contains(scheme), let host = components.host?.lowercased(),
            ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        {
            return withoutFragment
        }
        return allowList.contains(where: { Self.glob($0, matches: withoutFragment) }) ? withoutFragment : nil
    }

    /// `candidate` when allowed, else the site URL.
    func target(_ candidate: String?) -> String { allowed(candidate) ?? siteURL }

    /// Whether `pattern` (`*` = any run of characters, everything else literal) matches
    /// all of `text`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let text = Array(text.utf8)
        var (p, t) = (0, 0)
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
