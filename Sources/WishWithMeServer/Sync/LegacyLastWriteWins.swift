import HearthCore

/// Last-write-wins of the original sync (spec §4.4), hardened: an identical timestamp
/// string always loses (the PWA re-pushes every unchanged document every cycle); otherwise
/// both strings are parsed as instants and the stored one is cut to the precision of the
/// incoming one (whole seconds from iOS, milliseconds from the PWA), so an honest edit made
/// after the last save wins even though its clock wrote fewer digits. A missing or
/// unparseable client time loses; a time more than five minutes ahead counts as now.
struct LegacyLastWriteWins {
    let now: Timestamp
    static let allowedClockLeadSeconds: Int64 = 300

    func incomingWins(incoming: String?, stored: String?) -> Bool {
        guard let incoming, let client = LegacyTimestamp(incoming) else { return false }
        guard let stored else { return true }
        guard incoming != stored else { return false }
        guard let server = LegacyTimestamp(stored) else { return incoming > stored }
        let clientInstant = clamped(client.instant)
        return clientInstant >= server.truncated(toFractionDigits: client.fractionDigits)
    }

    /// The edit time recorded for the delta protocol's last-write-wins.
    func editTime(of incoming: String?) -> Timestamp {
        incoming.flatMap(LegacyTimestamp.init).map { clamped($0.instant) } ?? now
    }

    private func clamped(_ instant: Timestamp) -> Timestamp {
        instant > now.adding(seconds: Self.allowedClockLeadSeconds) ? now : instant
    }
}
