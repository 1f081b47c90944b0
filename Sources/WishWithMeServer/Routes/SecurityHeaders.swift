import HTTPTypes

/// The original application's headers on every response, errors included (spec §1.9).
/// A route may set its own `Referrer-Policy` (the OAuth callback sends `no-referrer`).
enum SecurityHeaders {
    static func fields(strictTransportSecurity: Bool) -> HTTPFields {
        var fields = HTTPFields()
        let named: [(String, String)] = [
            ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("X-XSS-Protection", "1; mode=block"),
            ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ]
        for (name, value) in named {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        if strictTransportSecurity { fields[.strictTransportSecurity] = "max-age=31536000; includeSubDomains" }
        return fields
    }
}
