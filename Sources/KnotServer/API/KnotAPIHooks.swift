import HearthStore
/// Where later parts of Knot react to what the API changed, after the change committed.
///
/// Reminder scheduling (spec §8.2, Hearth decisions 8 and 9) plugs in here. Hooks are
/// best-effort: they return nothing and must log their own failures, because a request
/// never fails for them (§5.2 "scheduling failure is logged and never fails the request").
struct KnotAPIHooks: Sendable {
    /// The user's milestones may need reminders: their vault was saved, or they turned
    /// notifications back on.
    var scheduleReminders: @Sendable (_ userID: String) async -> Void = { _ in }
    /// `notifications_enabled` changed, inside the transaction that changed it: `false`
    /// cancels pending reminders, `true` clears the cancelled ones (decision 9).
    var notificationsToggled: @Sendable (_ userID: String, _ enabled: Bool, _ sql: any SQLExecutor) async throws -> Void = { _, _, _ in }

    init() {}
}
