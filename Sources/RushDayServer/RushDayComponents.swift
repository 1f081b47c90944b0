import HearthServer

/// What Rush Day's services share, built once per app mount.
struct RushDayComponents: Sendable {
    let services: AppServices
    let settings: RushDaySettings
    let users: UserStore
    let events: EventStore
    let notifier: EventNotifier
    let view: EventView
    let legacyData: any LegacyDataSource
    /// Where guests open links: `<publicBase>/g/<code>`, `<publicBase>/i/<id>` (§4.5.2, §4.10).
    let publicBase: String
    let invitationKeys: InvitationKeys
    let publicLimits: PublicCallLimits

    init(services: AppServices, settings: RushDaySettings, collaborators: RushDayCollaborators) {
        self.services = services
        self.settings = settings
        users = UserStore(database: services.database, clock: services.clock)
        events = EventStore(database: services.database, clock: services.clock)
        notifier = EventNotifier(sender: Self.sender(services: services, settings: settings, collaborators: collaborators), database: services.database)
        let base = settings.publicBaseURL ?? services.configuration.publicOrigin + services.configuration.mountPath(of: services.appName)
        view = EventView(coHostLinkPrefix: base + "/cohost/")
        legacyData = collaborators.legacyData
        publicBase = base
        invitationKeys = InvitationKeys(
            configured: settings.invitationKeys, serverKeys: ServerKeyStore(database: services.database, clock: services.clock))
        publicLimits = PublicCallLimits(services: services, perMinute: settings.publicRequestsPerMinute)
    }
}

/// Outside services Rush Day talks to, replaceable in tests.
public struct RushDayCollaborators: Sendable {
    /// `nil`: log notifications (no push provider configured).
    public var notifications: (any NotificationSender)?
    public var legacyData: any LegacyDataSource

    public init(notifications: (any NotificationSender)? = nil, legacyData: any LegacyDataSource = EmptyLegacyDataSource()) {
        self.notifications = notifications
        self.legacyData = legacyData
    }
}
