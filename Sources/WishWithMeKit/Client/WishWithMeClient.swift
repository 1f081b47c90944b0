import Foundation
import HearthClient
import HearthCore

/// Everything a Wish With Me app needs beneath its screens, for one account on one device:
/// the local store, the auth session, the sync engine and the app's repositories.
///
/// Reads come from the local store and work offline; writes go to the local store first
/// and reach the server on the next sync.
public final class WishWithMeClient: Sendable {
    public struct Configuration: Sendable {
        /// The server's base URL, e.g. `http://127.0.0.1:8080` for `hearth serve --app wishwithme`.
        public var serverURL: URL
        /// The directory holding this account's store (`store.sqlite`) and tokens.
        public var directory: String
        public var syncProtocol: WishSyncProtocol
        public var transport: any HTTPTransport
        /// Where credentials live; a 0600 file in `directory` unless given.
        public var tokenStore: (any TokenStore)?
        public var clock: any WallClock
        public var reachability: any Reachability
        public var engine: SyncEngine.Configuration

        public init(
            serverURL: URL, directory: String, transport: any HTTPTransport, syncProtocol: WishSyncProtocol = .delta,
            tokenStore: (any TokenStore)? = nil, clock: any WallClock = SystemWallClock(),
            reachability: any Reachability = systemReachability(), engine: SyncEngine.Configuration = .init()
        ) {
            self.serverURL = serverURL
            self.directory = directory
            self.syncProtocol = syncProtocol
            self.transport = transport
            self.tokenStore = tokenStore
            self.clock = clock
            self.reachability = reachability
            self.engine = engine
        }
    }

    public let store: LocalStore
    public let session: AuthSession
    public let api: HearthAPI
    public let sync: SyncEngine
    public let account: AccountService
    public let wishlists: WishlistRepository
    public let items: ItemRepository
    public let marks: MarkRepository
    public let shares: ShareRepository
    public let bookmarks: BookmarkRepository
    public let profile: ProfileRepository

    public init(_ configuration: Configuration) throws {
        try FileManager.default.createDirectory(
            atPath: configuration.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        store = try LocalStore(path: configuration.directory + "/store.sqlite", clock: configuration.clock)
        let tokens = configuration.tokenStore ?? FileTokenStore(path: configuration.directory + "/tokens.json")
        session = AuthSession(
            transport: configuration.transport, tokens: tokens,
            refresher: PasswordTokenRefresher(baseURL: configuration.serverURL, path: "/api/v2/auth", clock: configuration.clock))
        api = HearthAPI(baseURL: configuration.serverURL, session: session)
        sync = SyncEngine(
            store: store, api: api, strategy: configuration.syncProtocol.strategy, reachability: configuration.reachability,
            realtime: configuration.syncProtocol == .delta ? RealtimeEvents() : nil, configuration: configuration.engine)
        let context = WishContext(store: store, session: session, api: api, sync: sync, clock: configuration.clock)
        account = AccountService(context)
        wishlists = WishlistRepository(context)
        items = ItemRepository(context)
        marks = MarkRepository(context)
        shares = ShareRepository(context)
        bookmarks = BookmarkRepository(context)
        profile = ProfileRepository(context)
    }
}

/// What every repository works with.
struct WishContext: Sendable {
    let store: LocalStore
    let session: AuthSession
    let api: HearthAPI
    let sync: SyncEngine
    let clock: any WallClock

    /// The signed-in user's id, or ``WishWithMeError/signedOut``.
    func userID() async throws -> String {
        guard let credentials = await session.credentials else { throw WishWithMeError.signedOut }
        return credentials.userID
    }

    func shelf<Document: WishDocument>(_ type: Document.Type) -> DocumentShelf<Document> {
        DocumentShelf(store: store)
    }

    /// Saves a local write and lets the sync engine know (it syncs after a pause).
    func saved() async {
        await sync.localChange()
    }
}
