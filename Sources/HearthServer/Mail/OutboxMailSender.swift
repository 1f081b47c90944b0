import Foundation
import HearthCore

/// "Sends" mail by writing one JSON file per message into a directory:
/// `{"to", "subject", "text", "html", "link", "otp", "created_at"}`.
///
/// For development and tests, where nobody should receive real mail: the link and code a
/// person would have received are read from the file. Files are written atomically (to a
/// temporary name, then renamed), so a reader never sees half a message; the directory
/// is created readable by its owner only (0700), since the files hold sign-in links.
/// Names sort by creation time (`<milliseconds>-<random>.json`).
public struct OutboxMailSender: MailSender {
    public let directory: String
    public let clock: any WallClock

    public init(directory: String, clock: any WallClock = SystemWallClock()) {
        self.directory = directory
        self.clock = clock
    }

    public func send(_ message: MailMessage) async throws {
        let now = clock.now
        let body: JSONValue = [
            "to": .string(message.to), "subject": .string(message.subject), "text": .string(message.text),
            "html": message.html.map { .string($0) } ?? .null, "link": message.link.map { .string($0) } ?? .null,
            "otp": message.otp.map { .string($0) } ?? .null, "created_at": .string(now.iso8601),
        ]
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let name = String(format: "%013lld", now.millisecondsSince1970) + "-" + UUID().uuidString.lowercased() + ".json"
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            try Data(body.serialized()).write(to: url, options: .atomic)
        } catch {
            throw MailDeliveryError("cannot write to the outbox \(directory): \(error.localizedDescription)")
        }
    }

    /// The messages in the outbox, oldest first (for tests and `hearth` tooling).
    public func messages() throws -> [JSONValue] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
            return try JSONParser().parse(Array(data))
        }
    }
}
