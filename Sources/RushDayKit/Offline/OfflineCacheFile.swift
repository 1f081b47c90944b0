import Foundation
import RushDayProto
import SwiftProtobuf

/// The offline cache on disk: one JSON document (messages as protobuf binary, base64),
/// replaced atomically on every save.
struct OfflineCacheFile: Codable {
    var userID: String?
    var events: [Data]
    var tasks: [String: [Data]]
    var pending: [PendingEdit]

    static func load(_ path: String) throws -> OfflineSnapshot {
        guard let data = FileManager.default.contents(atPath: path) else { return OfflineSnapshot() }
        let file = try JSONDecoder().decode(OfflineCacheFile.self, from: data)
        var snapshot = OfflineSnapshot()
        snapshot.userID = file.userID
        snapshot.events = try file.events.map { try Rushday_V1_Event(serializedBytes: $0) }
        snapshot.tasks = try file.tasks.mapValues { try $0.map { try Rushday_V1_Task(serializedBytes: $0) } }
        snapshot.pending = file.pending
        return snapshot
    }

    static func save(_ snapshot: OfflineSnapshot, to path: String) throws {
        let file = OfflineCacheFile(
            userID: snapshot.userID, events: try snapshot.events.map { try $0.serializedBytes() },
            tasks: try snapshot.tasks.mapValues { try $0.map { try $0.serializedBytes() } }, pending: snapshot.pending)
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
