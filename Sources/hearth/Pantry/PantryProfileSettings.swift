import Foundation
import HearthCore

/// What a profile remembers besides its data: which server it uses.
struct PantryProfileSettings: Codable, Equatable {
    static let defaultServer = "http://127.0.0.1:8080/api"

    var server: String = defaultServer

    static func load(from directory: String) -> PantryProfileSettings {
        guard let data = FileManager.default.contents(atPath: directory + "/profile.json"),
            let settings = try? JSONValueDecoder().decode(PantryProfileSettings.self, from: Array(data))
        else { return PantryProfileSettings() }
        return settings
    }

    func save(to directory: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = try JSONValueEncoder().encodeToBytes(self)
        guard FileManager.default.createFile(atPath: directory + "/profile.json", contents: Data(bytes)) else {
            throw CommandError("Cannot write \(directory)/profile.json; check the directory's permissions.")
        }
    }
}
