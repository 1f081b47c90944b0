import Foundation
import HearthGRPC
import HearthServer
import Logging

/// The gRPC side of `hearth serve`: one listener for every enabled app that serves gRPC,
/// none when no such app is enabled. Prints a start-banner line once it is bound.
enum GRPCServing {
    static func listener(
        platform: HearthPlatform, flag: Int?, environment: [String: String], logger: Logger
    ) async throws -> GRPCListener? {
        let apps = platform.apps.compactMap { $0 as? any GRPCApp }
        guard !apps.isEmpty else { return nil }
        let settings = try GRPCListenerSettings.resolve(flag: flag, environment: environment)
        var mounts: [GRPCAppMount] = []
        for app in apps { mounts.append(GRPCAppMount(app: app, services: await platform.services(for: app))) }
        let host = platform.configuration.host
        let names = apps.map(\.displayName).joined(separator: ", ")
        return GRPCListener(host: host, port: settings.port, mounts: mounts, logger: logger) { port in
            let shown = host == "0.0.0.0" || host.isEmpty ? "127.0.0.1" : host
            let line = "  gRPC        \(shown):\(port) (\(names), plaintext HTTP/2)\n"
            try? FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
        }
    }
}
