import Foundation
import HearthCore

/// The message that carries a full-sync payload (spec §6.2):
/// `{"dataType":"fullSync","listsData":<payload bytes>,"timestamp":<seconds since 1970>}`.
///
/// The original queues a property list, where `listsData` is raw bytes. JSON has no bytes, so
/// here `listsData` is the payload's bytes as standard base64 (padded, no line breaks). That
/// keeps them byte-exact: the 256 KiB cap is measured on these bytes, not on the envelope.
public struct WatchSyncEnvelope: Sendable, Hashable {
    public static let fullSyncDataType = "fullSync"

    public var dataType: String
    public var listsData: Data
    /// Seconds since 1970 when the phone sent it.
    public var timestamp: Double

    public init(dataType: String = WatchSyncEnvelope.fullSyncDataType, listsData: Data, timestamp: Double) {
        self.dataType = dataType
        self.listsData = listsData
        self.timestamp = timestamp
    }

    /// The full-sync message for `library` sent at `now`, or `nil` when its payload is over
    /// the cap and nothing is sent.
    public static func fullSync(library: ListAllLibrary, now: Date) -> WatchSyncEnvelope? {
        guard let payload = WatchSyncPayload.encode(library: library) else { return nil }
        return WatchSyncEnvelope(listsData: payload, timestamp: now.timeIntervalSince1970)
    }

    /// Compact JSON, keys sorted.
    public func encoded() -> Data {
        let object: JSONValue = .object([
            "dataType": .string(dataType), "listsData": .string(listsData.base64EncodedString()),
            "timestamp": .double(timestamp),
        ])
        return Data(object.serialized())
    }

    public init(decoding data: Data) throws(WatchSyncError) {
        let value: JSONValue
        do {
            value = try JSONParser().parse([UInt8](data))
        } catch {
            throw .invalidJSON(error.description)
        }
        guard let dataType = value["dataType"]?.stringValue else { throw .invalidField(path: "dataType") }
        guard let text = value["listsData"]?.stringValue, let listsData = Data(base64Encoded: text) else {
            throw .invalidField(path: "listsData")
        }
        guard let timestamp = value["timestamp"]?.doubleValue else { throw .invalidField(path: "timestamp") }
        self.init(dataType: dataType, listsData: listsData, timestamp: timestamp)
    }

    /// The payload of a full-sync message.
    public func payload() throws(WatchSyncError) -> WatchSyncPayload {
        guard dataType == Self.fullSyncDataType else { throw .unknownDataType(dataType) }
        return try WatchSyncPayload(decoding: listsData)
    }
}
