import HearthCore
import SwiftProtobuf

/// Hearth's millisecond timestamps on the wire's `google.protobuf.Timestamp`.
extension Google_Protobuf_Timestamp {
    init(_ timestamp: Timestamp) {
        let milliseconds = timestamp.millisecondsSince1970
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        self.init(seconds: seconds, nanos: Int32((milliseconds - seconds * 1000) * 1_000_000))
    }

    /// To the millisecond (finer digits are dropped).
    var hearthTimestamp: Timestamp {
        Timestamp(millisecondsSince1970: seconds * 1000 + Int64(nanos / 1_000_000))
    }
}
