import GRPCCore
import HearthCore
import SwiftProtobuf

/// A request timestamp checked before it becomes a `Timestamp`: the wire allows any
/// seconds value, and only years 0001…9999 (protobuf's own range) convert without overflow.
enum TimestampInput {
    static let secondsRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    static func required(_ value: Google_Protobuf_Timestamp, present: Bool, _ field: String) throws(RPCError) -> Timestamp {
        guard present else { throw RPCFailure.invalid(field, "required") }
        return try checked(value, field)
    }

    static func optional(_ value: Google_Protobuf_Timestamp, present: Bool, _ field: String) throws(RPCError) -> Timestamp? {
        guard present else { return nil }
        return try checked(value, field)
    }

    private static func checked(_ value: Google_Protobuf_Timestamp, _ field: String) throws(RPCError) -> Timestamp {
        guard secondsRange.contains(value.seconds), (0..<1_000_000_000).contains(value.nanos) else {
            throw RPCFailure.invalid(field, "must be a valid timestamp between years 1 and 9999")
        }
        return value.hearthTimestamp
    }
}
