/// Why an outbound fetch failed. `code` is stable and is one of the resolver codes of the
/// Wish With Me error table (`shared/spec/wishwithme.md` §1.8); the associated values are
/// for logs, not for clients.
public enum OutboundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an absolute http(s) URL with a plain host, or longer than the policy allows.
    case invalidURL
    /// The host is a local name, or resolves to an address that is not globally routable.
    case blockedAddress(host: String)
    case unresolvableHost
    case tooManyRedirects
    /// The body (or its declared length) exceeds the policy's cap.
    case tooLarge
    case timeout
    /// The final response was not 2xx.
    case httpStatus(Int)
    /// The response's content type is not the one asked for.
    case unsupportedContent(String)
    /// Connection, TLS or protocol failure.
    case transport(String)

    public var code: String {
        switch self {
        case .invalidURL: "INVALID_URL"
        case .blockedAddress: "SSRF_BLOCKED"
        case .timeout: "TIMEOUT"
        case .tooLarge, .unsupportedContent: "UNSUPPORTED_CONTENT"
        case .unresolvableHost, .tooManyRedirects, .httpStatus, .transport: "BLOCKED_OR_UNAVAILABLE"
        }
    }

    public var description: String {
        switch self {
        case .invalidURL: "invalid URL"
        case .blockedAddress(let host): "blocked address for host \(host)"
        case .unresolvableHost: "host could not be resolved"
        case .tooManyRedirects: "too many redirects"
        case .tooLarge: "response body too large"
        case .timeout: "timed out"
        case .httpStatus(let status): "upstream answered HTTP \(status)"
        case .unsupportedContent(let type): "unsupported content type \(type)"
        case .transport(let reason): "transport error: \(reason)"
        }
    }
}
