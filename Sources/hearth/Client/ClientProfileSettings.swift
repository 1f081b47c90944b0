import Foundation
import HearthCore

/// What a profile remembers besides its data (at least which server it uses), kept in
/// `<profile dir>/profile.json`.
protocol ClientProfileSettings: Codable {
    init()
    var server: String { get set }
}

extension ClientProfileSettings {
    /// The saved settings, or the defaults when there are none (or they cannot be read).
    static func load(from directory: String) -> Self {
        guard let data = FileManager.default.contents(atPath: directory + "/profile.json"),
            let settings = try? JSONValueDecoder().decode(Self.self, from: Array(data))
        else { return Self() }
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
