/// Which language a page speaks: the user's own choice when they are signed in and made
/// one, otherwise the first supported language of the browser's `Accept-Language` (by
/// quality), otherwise the first supported.
public enum PageLanguage {
    public static func choose(profile: String?, acceptLanguage: String?, supported: [String]) -> String {
        let fallback = supported.first ?? "en"
        if let profile, supported.contains(profile) { return profile }
        guard let acceptLanguage else { return fallback }
        let ranked = acceptLanguage.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let primary = String(tag.split(separator: "-").first ?? Substring(tag))
            return (primary, quality, index)
        }
        let best = ranked.filter { $0.1 > 0 && supported.contains($0.0) }.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.first
        return best?.0 ?? fallback
    }
}
