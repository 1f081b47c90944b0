/// How Knot delivers milestone reminders (spec §8.5, §9): APNs when configured, else the
/// push outbox; the signing keys of the compatibility webhooks.
public struct NotificationSettings: Sendable {
    /// `APNS_KEY_ID`, `APNS_TEAM_ID`, `APNS_AUTH_KEY_PATH`, `APNS_BUNDLE_ID`: APNs is
    /// configured only when all four are set.
    public var apnsKeyID: String?
    public var apnsTeamID: String?
    public var apnsAuthKeyPath: String?
    public var apnsBundleID: String?
    public var apnsUseSandbox = true
    /// Overrides the sandbox/production host (a local fake in tests).
    public var apnsBaseURL: String?
    /// Where pushes go when APNs is unconfigured; `nil`: `<data dir>/knot-push-outbox`.
    public var pushOutboxDirectory: String?
    /// `QSTASH_CURRENT_SIGNING_KEY` / `QSTASH_NEXT_SIGNING_KEY`: without either, the
    /// webhooks refuse every call (the built-in scheduler needs no webhook).
    public var webhookCurrentSigningKey: String?
    public var webhookNextSigningKey: String?
    /// `SCHEDULER_ENABLED`: false stops the daily sweep and weekly learning from being queued.
    public var schedulerEnabled = true

    public var apnsConfigured: Bool {
        apnsKeyID != nil && apnsTeamID != nil && apnsAuthKeyPath != nil && apnsBundleID != nil
    }

    public init() {}
}
