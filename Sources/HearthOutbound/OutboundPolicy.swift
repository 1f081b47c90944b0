/// Limits for requests to URLs that users supplied. The defaults are the production ones.
public struct OutboundPolicy: Sendable {
    public var allowedSchemes: Set<String> = ["http", "https"]
    public var maxRedirects = 5
    public var connectTimeout: Duration = .seconds(5)
    /// Budget for the whole fetch: resolution, every hop, and reading the body.
    public var totalTimeout: Duration = .seconds(15)
    public var maxBodyBytes = 3 * 1024 * 1024
    public var maxURLLength = 2048
    public var userAgent = "Hearth/1.0 (+link preview)"
    /// Host names (as written in the URL, compared case-insensitively) that skip the
    /// local-name and address checks. For tests against a loopback server only; keep it
    /// empty in production.
    public var allowedPrivateHosts: Set<String> = [] {
        didSet { allowedPrivateHosts = Set(allowedPrivateHosts.map { $0.lowercased() }) }
    }

    public init() {}

    func isAllowListed(_ host: String) -> Bool {
        allowedPrivateHosts.contains(host.lowercased())
    }
}
