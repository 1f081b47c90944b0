import Foundation
import HearthClient
import HearthCore

/// Everything a ListAll app needs beneath its screens, for one account on one device: the
/// local store, the auth session, the sync engine and the app's repositories.
///
/// Reads come from the local store and work offline; writes go to the local store first
/// and reach the server (and the person's other devices) on the next sync.
public final class ListAllClient: Sendable {
    public struct Configuration: Sendable {
        /// The server's base URL: `http://127.0.0.1:8080` for `hearth serve --app listall`,
        /// or `…/listall` when every app is served.
        public var serverURL: URL
        /// The directory holding this account's store (`store.sqlite`) and tokens.
        public var directory: String
        public var transport: any HTTPTransport
        /// Where credentials live; a 0600 file in `directory` unless given.
        public var tokenStore: (any TokenStore)?
        public var clock: any WallClock
        public var reachability: any Reachability
        public var engine: SyncEngine.Configuration

        public init(
            serverURL: URL, directory: String, transport: any HTTPTransport, tokenStore: (any TokenStore)? = nil,
            clock: any WallClock = SystemWallClock(), reachability: any Reachability = systemReachability(),
            engine: SyncEngine.Configuration = .init()
        ) {
            self.serverURL = serverURL
            self.directory = directory
            self.transport = transport
            self.tokenStore = tokenStore
            self.clock = clock
            self.reachability = reachability
            self.engine = engine
        }
    }

    /// Where ListAll's auth routes are below the server's base URL.
    public static let authPath = "api/v1/auth"

    public let store: LocalStore
    public let session: AuthSession
    public let api: HearthAPI
    public let sync: SyncEngine
    public let account: PasswordAccountClient
    public let lists: ListRepository
    public let items: ItemRepository
    public let transfer: TransferService
    public let preferences: PreferencesRepository

    public init(_ configuration: Configuration) throws {
        try FileManager.default.createDirectory(
            atPath: configuration.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        store = try LocalStore(path: configuration.directory + "/store.sqlite", clock: configuration.clock)
        let tokens = configuration.tokenStore ?? FileTokenStore(path: configuration.directory + "/tokens.json")
        session = AuthSession(
            transport: configuration.transport, tokens: tokens,
            refresher: PasswordTokenRefresher(baseURL: configuration.serverURL, path: Self.authPath, clock: configuration.clock))
        api = HearthAPI(baseURL: configuration.serverURL, session: session)
        sync = SyncEngine(
            store: store, api: api, strategy: DeltaSync(pushBatchSize: 500), reachability: configuration.reachability, realtime: RealtimeEvents(),
            configuration: configuration.engine)
        account = PasswordAccountClient(api: api, store: store, sync: sync, clock: configuration.clock, path: Self.authPath)
        let context = ListAllContext(library: LibraryStore(store: store), store: store, session: session, sync: sync, clock: configuration.clock)
        lists = ListRepository(context)
        items = ItemRepository(context)
        transfer = TransferService(context)
        preferences = PreferencesRepository(context)
    }
}

/// What every repository works with.
struct ListAllContext: Sendable {
    let library: LibraryStore
    let store: LocalStore
    let session: AuthSession
    let sync: SyncEngine
    let clock: any WallClock

    var now: Date { clock.now.date }

    /// Throws ``ListAllError/signedOut`` unless someone is signed in on this device.
    func requireSignedIn() async throws {
        guard await session.credentials != nil else { throw ListAllError.signedOut }
    }

    /// Loads the library, lets `change` edit it, saves the difference and lets the sync
    /// engine know (it syncs after a pause). Returns what `change` returned.
    func edit<T: Sendable>(_ change: (inout ListAllLibrary) throws -> T) async throws -> T {
        try await requireSignedIn()
        let result = try library.edit(change)
        await sync.localChange()
        return result
    }

    func read() async throws -> ListAllLibrary {
        try await requireSignedIn()
        return try library.load()
    }
}
