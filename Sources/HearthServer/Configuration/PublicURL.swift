import Foundation

/// The server's external address (`HEARTH_PUBLIC_URL`, `--public-url`): an http(s) URL
/// without query or fragment, kept without its trailing slash so paths append to it.
public enum PublicURL {
    public static func validated(_ text: String) throws(ConfigurationError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let stripped = trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
        guard let url = URL(string: stripped), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
        else {
            throw ConfigurationError(
                setting: "public URL", message: "'\(text)' is not an http(s) URL such as https://hearth.example.com")
        }
        return stripped
    }
}

extension ServerConfiguration {
    /// ``publicURL``, or else where this configuration listens, seen from this machine
    /// (`http://127.0.0.1:8080`): right for a server used on one machine only.
    public var publicOrigin: String {
        if let publicURL { return publicURL }
        let shown = switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return (tls == nil ? "http://" : "https://") + "\(shown):\(port)"
    }

    /// The path an app is mounted at: the root with `--app`, `/<name>` otherwise.
    public func mountPath(of app: String) -> String {
        rootApp == app ? "" : "/\(app)"
    }
}
