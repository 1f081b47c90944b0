import Foundation
import HearthCore
import WishWithMeKit

/// What a profile remembers besides its data: which server and protocol it uses.
struct WishProfileSettings: Codable, Equatable {
    static let defaultServer = "http://127.0.0.1:8080"

    var server: String = defaultServer
    var syncProtocol: WishSyncProtocol = .delta

    enum CodingKeys: String, CodingKey {
        case server
        case syncProtocol = "protocol"
    }

    static func load(from directory: String) -> WishProfileSettings {
        guard let data = FileManager.default.contents(atPath: directory + "/profile.json"),
            let settings = try? JSONValueDecoder().decode(WishProfileSettings.self, from: Array(data))
        else { return WishProfileSettings() }
        return settings
    }

    func save(to directory: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = try JSONValueEncoder().encodeToBytes(self)
        guard FileManager.default.createFile(atPath: directory + "/profile.json", contents: Data(bytes)) else {
            throw WishCommandError("Cannot write \(directory)/profile.json; check the directory's permissions.")
        }
    }
}
