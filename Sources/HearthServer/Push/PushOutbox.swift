import Foundation
import HearthCore

/// "Sends" push notifications by writing one JSON file per notification into a directory,
/// for servers without APNs credentials (development, tests):
/// `{"device_token", "payload", "collapse_id", "priority", "expiration", "created_at"}`,
/// `payload` being exactly what APNs would have received.
///
/// Files are written atomically (to a temporary name, then renamed), so a reader never sees
/// half a notification; the directory is created readable by its owner only (0700).
/// Names sort by creation time (`<milliseconds>-<uuid>.json`). Every notification counts
/// as delivered, with id `outbox-<uuid>`.
public struct PushOutbox: PushSender {
    public let directory: String
    public let clock: any WallClock

    public init(directory: String, clock: any WallClock = SystemWallClock()) {
        self.directory = directory
        self.clock = clock
    }

    public func send(_ notification: PushNotification) async throws -> PushResult {
        let now = clock.now
        let id = UUID().uuidString.lowercased()
        let record: JSONValue = [
            "device_token": .string(notification.deviceToken), "payload": notification.payload,
            "collapse_id": notification.collapseID.map { .string($0) } ?? .null,
            "priority": .int(Int64(notification.priority.rawValue)),
            "expiration": notification.expiration.map { .string($0.iso8601) } ?? .null,
            "created_at": .string(now.iso8601),
        ]
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let name = String(format: "%013lld", now.millisecondsSince1970) + "-" + id + ".json"
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            try Data(record.serialized()).write(to: url, options: .atomic)
        } catch {
            throw PushOutboxError(directory: directory, underlying: error.localizedDescription)
        }
        return .delivered(id: "outbox-" + id)
    }

    /// The notifications in the outbox, oldest first (for tests and tooling).
    public func notifications() throws -> [JSONValue] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
            return try JSONParser().parse(Array(data))
        }
    }
}

public struct PushOutboxError: Error, CustomStringConvertible {
    public var directory: String
    public var underlying: String
    public var description: String { "cannot write to the push outbox \(directory): \(underlying)" }
}
