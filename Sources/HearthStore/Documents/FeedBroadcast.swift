import HearthCore

/// How one process tells the others sharing a PostgreSQL database that feeds grew:
/// `NOTIFY hearth_feed, '{"app":…,"seq":{"<user>":<seq>,…}}'` inside the writing
/// transaction, so it is delivered exactly when the change becomes visible.
public enum FeedBroadcast {
    public static let channel = "hearth_feed"
    /// PostgreSQL refuses payloads of 8000 bytes or more; large fan-outs are split.
    static let maxPayloadBytes = 7000

    public static func payloads(app: String, seqByUser: [String: Int64]) -> [String] {
        var payloads: [String] = []
        var batch: [String: JSONValue] = [:]
        var size = 0
        for (user, seq) in seqByUser.sorted(by: { $0.key < $1.key }) {
            let entrySize = user.utf8.count + 24
            if size + entrySize > maxPayloadBytes - app.utf8.count - 32, !batch.isEmpty {
                payloads.append(encode(app: app, batch))
                batch = [:]
                size = 0
            }
            batch[user] = .int(seq)
            size += entrySize
        }
        if !batch.isEmpty { payloads.append(encode(app: app, batch)) }
        return payloads
    }

    private static func encode(app: String, _ batch: [String: JSONValue]) -> String {
        JSONValue.object(["app": .string(app), "seq": .object(batch)]).serializedString()
    }

    /// The app and the users' new positions carried by a payload, or `nil` if it is not one.
    public static func decode(_ payload: String) -> (app: String, seqByUser: [String: Int64])? {
        guard let value = try? JSONParser().parse(payload), let app = value["app"]?.stringValue,
            let seq = value["seq"]?.objectValue
        else { return nil }
        return (app, seq.compactMapValues(\.intValue))
    }
}
