import GRPCCore

/// The reminder time of the notification preferences: `H:mm`, 24-hour, stored without a
/// leading zero on the hour (`"09:30"` → `"9:30"`, spec §4.1).
enum NotificationTime {
    static func normalised(_ text: String) throws(RPCError) -> String {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { throw RPCFailure.invalid("time", "must be H:mm, 0:00–23:59") }
        return "\(hour):\(parts[1])"
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
