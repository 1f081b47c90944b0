/// Where later parts of Knot react to what the API changed, after the change committed.
///
/// Reminder scheduling (spec §8.2, Hearth decisions 8 and 9) plugs in here. Hooks are
/// best-effort: they return nothing and must log their own failures, because a request
/// never fails for them (§5.2 "scheduling failure is logged and never fails the request").
struct KnotAPIHooks: Sendable {
    /// A vault was created or updated (its milestones may have changed).
    var vaultSaved: @Sendable (_ userID: String) async -> Void = { _ in }
    /// `notifications_enabled` changed: `false` cancels pending reminders, `true`
    /// reschedules them (decision 9).
    var notificationsToggled: @Sendable (_ userID: String, _ enabled: Bool) async -> Void = { _, _ in }

    init() {}
}
