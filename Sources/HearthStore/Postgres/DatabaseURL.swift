import Foundation

/// A parsed `postgres://user:password@host:port/database?sslmode=…` URL.
public struct PostgresURL: Sendable, Hashable {
    public enum TLSMode: String, Sendable {
        case disable
        case prefer
        case require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var tls: TLSMode

    public init(_ text: String) throws(StoreError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme.lowercased())
        else { throw StoreError.invalidDatabaseURL("expected postgres://user:password@host:port/database") }
        guard let host = components.host, !host.isEmpty else {
            throw StoreError.invalidDatabaseURL("the URL names no host")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        self.password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? nil : path
        let sslmode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        switch sslmode {
        case "disable", "allow": tls = .disable
        case "prefer": tls = .prefer
        case "require", "verify-ca", "verify-full": tls = .require
        default: throw StoreError.invalidDatabaseURL("unknown sslmode \(sslmode)")
        }
    }

    /// The URL with its password hidden, for logs and error messages.
    public var redacted: String {
        "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database ?? "")"
    }
}
