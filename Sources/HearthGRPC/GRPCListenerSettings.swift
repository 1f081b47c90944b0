import Foundation
import HearthServer

/// Where the gRPC listener binds: `--grpc-port`, then `HEARTH_GRPC_PORT`, then 50051. It
/// shares the HTTP server's host.
public struct GRPCListenerSettings: Sendable, Hashable {
    public static let defaultPort = 50051
    public static let environmentVariable = "HEARTH_GRPC_PORT"

    public var port: Int

    public init(port: Int = GRPCListenerSettings.defaultPort) {
        self.port = port
    }

    public static func resolve(flag: Int?, environment: [String: String]) throws(ConfigurationError) -> GRPCListenerSettings {
        if let flag { return try GRPCListenerSettings(port: validated(flag, setting: "--grpc-port")) }
        if let text = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let port = Int(text) else {
                throw ConfigurationError(setting: environmentVariable, message: "expected a port number, got '\(text)'")
            }
            return try GRPCListenerSettings(port: validated(port, setting: environmentVariable))
        }
        return GRPCListenerSettings()
    }

    private static func validated(_ port: Int, setting: String) throws(ConfigurationError) -> Int {
        guard (0...65535).contains(port) else { throw ConfigurationError(setting: setting, message: "expected 0…65535, got \(port)") }
        return port
    }
}
