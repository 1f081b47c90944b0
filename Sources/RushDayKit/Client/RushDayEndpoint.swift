import Foundation

/// Where a Rush Day server is: the HTTP base of its account routes (`…/rushday` when every
/// app is served, the root with `hearth serve --app rushday`) and its gRPC `host:port`.
public struct RushDayEndpoint: Sendable, Hashable {
    public var httpBase: URL
    public var grpcHost: String
    public var grpcPort: Int

    public init(httpBase: URL, grpcHost: String, grpcPort: Int) {
        self.httpBase = httpBase
        self.grpcHost = grpcHost
        self.grpcPort = grpcPort
    }

    /// `host:port` (IPv6 in brackets, `[::1]:50051`); `nil` when it is not one.
    public static func parseGRPCAddress(_ text: String) -> (host: String, port: Int)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.lastIndex(of: ":") else { return nil }
        var host = String(trimmed[..<colon])
        guard let port = Int(trimmed[trimmed.index(after: colon)...]), (1...65535).contains(port) else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/") else { return nil }
        return (host, port)
    }

    /// Where the account routes are, relative to ``httpBase``.
    public static let authPath = "api/v1/auth"
}
