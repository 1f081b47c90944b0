import Hummingbird

/// Reading the `Cookie` header and writing `Set-Cookie` the one way Hearth's pages do:
/// `HttpOnly` always, `SameSite=Lax` (a link from a chat app still arrives signed in, a
/// cross-site form post does not), `Secure` when the server is reached over HTTPS.
public enum WebCookies {
    public static func value(named name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// A `Set-Cookie` value; `maxAge` 0 deletes the cookie.
    public static func setCookie(
        _ name: String, value: String, path: String, maxAge: Int64, secure: Bool, sameSite: String = "Lax"
    ) -> String {
        var parts = ["\(name)=\(value)", "Path=\(path.isEmpty ? "/" : path)", "Max-Age=\(maxAge)", "HttpOnly", "SameSite=\(sameSite)"]
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}
