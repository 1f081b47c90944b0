import Foundation

/// Page addresses carry document ids without their `{type}:` prefix (`/wishlists/<uuid>`),
/// as the PWA's routes do; a `next` after sign-in may only be a path of this app.
enum WebPath {
    static func bare(_ id: String) -> String { ShareService.bare(id) }

    /// A safe place to go after signing in: a local path, never another site.
    static func next(_ value: String?) -> String {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.contains("\\"), value.count <= 512,
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "/wishlists" }
        return value
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
