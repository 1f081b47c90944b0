import Foundation
import HearthClient
import KnotKit

/// Opens the profile's Knot client for one command and runs it (see ``ClientSession``).
enum KnotSession {
    static func run(_ options: KnotOptions, _ body: (KnotClient, CommandOutput) async throws -> Void) async throws {
        var settings = KnotProfileSettings.load(from: options.profileDirectory)
        if let key = options.apiKey ?? ProcessInfo.processInfo.environment["HEARTH_KNOT_API_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            settings.apiKey = key
        }
        try await ClientSession.run(options.client, settings) { serverURL, transport in
            let client = KnotClient(
                .init(serverURL: serverURL, directory: options.profileDirectory, apiKey: settings.apiKey, transport: transport))
            do {
                try await body(client, CommandOutput(json: options.json))
            } catch KnotError.offline(let reason) {
                throw ClientError.offline(reason)
            } catch KnotError.timedOut {
                throw ClientError.timedOut
            }
        }
    }
}

/// The ids the last `recommend` (or `refresh`) showed, which `refresh` rejects by default.
enum LastRecommendations {
    static func path(_ options: KnotOptions) -> String { options.profileDirectory + "/last-recommendations.json" }

    static func load(_ options: KnotOptions) -> [String] {
        guard let data = FileManager.default.contents(atPath: path(options)),
            let ids = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return ids
    }

    static func remember(_ set: RecommendationSet, _ options: KnotOptions) throws {
        try FileManager.default.createDirectory(
            atPath: options.profileDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try JSONEncoder().encode(set.recommendations.map(\.id)).write(to: URL(fileURLWithPath: path(options)), options: .atomic)
    }

    static func forget(_ options: KnotOptions) {
        try? FileManager.default.removeItem(atPath: path(options))
    }
}
