import Foundation
import HearthClient
import HearthCore

/// Everything a PantryPal app needs beneath its screens, for one account on one device:
/// the local store with its queue, the auth session, sync, and the app's services.
///
/// Reads come from the local store and work offline; writes change the local store and
/// queue an action in one step, and reach the server on the next ``PantryPalSync/sync()``.
public final class PantryPalClient: Sendable {
    public struct Configuration: Sendable {
        /// The API base, ending in `/api`: `http://127.0.0.1:8080/api` for
        /// `hearth serve --app pantrypal`, `…/pantrypal/api` when every app is served.
        public var serverURL: URL
        /// The directory holding this account's store (`pantry.sqlite`) and tokens.
        public var directory: String
        public var transport: any HTTPTransport
        /// Where credentials live; a 0600 file in `directory` unless given.
        public var tokenStore: (any TokenStore)?
        public var clock: any WallClock
        /// The zone whose calendar decides what "today" is for expiration dates.
        public var timeZone: TimeZone
        public var backoff: Backoff

        public init(
            serverURL: URL, directory: String, transport: any HTTPTransport, tokenStore: (any TokenStore)? = nil,
            clock: any WallClock = SystemWallClock(), timeZone: TimeZone = .current, backoff: Backoff = Backoff()
        ) {
            self.serverURL = serverURL
            self.directory = directory
            self.transport = transport
            self.tokenStore = tokenStore
            self.clock = clock
            self.timeZone = timeZone
            self.backoff = backoff
        }
    }

    public let store: PantryStore
    /// The clock every rule of this client reads (premium expiry, "today").
    public let clock: any WallClock
    public let session: AuthSession
    public let api: PantryPalAPI
    public let sync: PantryPalSync
    public let account: PantryAccount
    public let household: HouseholdService
    public let products: ProductCatalog
    public let inventory: InventoryRepository
    public let locations: LocationRepository
    public let checkout: CheckoutService
    public let grocery: GroceryList

    public init(_ configuration: Configuration) throws {
        try FileManager.default.createDirectory(
            atPath: configuration.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        store = try PantryStore(path: configuration.directory + "/pantry.sqlite", clock: configuration.clock)
        clock = configuration.clock
        let tokens = configuration.tokenStore ?? FileTokenStore(path: configuration.directory + "/tokens.json")
        session = AuthSession(
            transport: configuration.transport, tokens: tokens,
            refresher: PantryPalTokenRefresher(baseURL: configuration.serverURL, clock: configuration.clock))
        api = PantryPalAPI(baseURL: configuration.serverURL, session: session)
        sync = PantryPalSync(store: store, api: api, clock: configuration.clock, backoff: configuration.backoff)
        let context = PantryContext(store: store, api: api, sync: sync, clock: configuration.clock, timeZone: configuration.timeZone)
        account = PantryAccount(context)
        household = HouseholdService(context)
        products = ProductCatalog(context)
        inventory = InventoryRepository(context)
        locations = LocationRepository(context)
        checkout = CheckoutService(context)
        grocery = GroceryList(context)
    }
}

/// What every service works with.
struct PantryContext: Sendable {
    let store: PantryStore
    let api: PantryPalAPI
    let sync: PantryPalSync
    let clock: any WallClock
    let timeZone: TimeZone

    /// The household writes go to, or ``PantryPalError/noHousehold``.
    func household() throws -> Household {
        guard let household = try store.household() else { throw PantryPalError.noHousehold }
        return household
    }

    /// The free limit to check before creating a row, `nil` while premium is in force.
    func rowLimit() throws -> Int? {
        let household = try household()
        return household.isPremiumActive(at: clock.now) ? nil : household.freeLimit
    }

    func newID() -> String { UUID().uuidString.lowercased() }
}
