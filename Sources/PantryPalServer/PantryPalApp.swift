import AsyncHTTPClient
import HearthCore
import HearthIdentity
import HearthServer
import HearthStore
import Hummingbird

/// PantryPal on Hearth: the original household-pantry API under `/api`, wire-compatible
/// with the original iOS app and hardened per spec §6 — sessions behind every token, a
/// lossless per-household change log, client ids and idempotency keys for replayed
/// offline writes, and the same rules on every path.
public struct PantryPalApp: HearthApp {
    public let name = "pantrypal"
    public let displayName = "PantryPal"
    public let summary = "A household's pantry, grocery list and checkout, shared by everyone in the household and usable offline."
    public let clientBasePath = "/api"
    /// `Resources/openapi.json`, read once.
    public let apiDocument: APIDocument? = APIDocument(resourceOf: "PantryPalServer")
    public let settings: PantryPalSettings
    /// The original's 100 kB body limit (spec §1.1).
    public var maxBodyBytes: Int? { 100_000 }

    public init(settings: PantryPalSettings = PantryPalSettings()) {
        self.settings = settings
    }

    public var migrations: [Migration] { PantryPalMigrations.all }

    public func housekeeping(services: AppServices) -> [Housekeeping] {
        let housekeeping = PantryHousekeeping(database: services.database, clock: services.clock, processStart: services.clock.now)
        return [Housekeeping(name: "pantrypal history and keys") { try await housekeeping.run() }]
    }
    public var errorFormat: any ErrorResponseFormat { PantryErrorFormat() }

    public func administration(services: AppServices) -> (any AccountAdministration)? {
        PantryPalAdministration(services: services)
    }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        let clock = services.clock
        let database = services.database
        let sessions = SessionStore(database: database, tokens: PantryTokens(key: services.appSigningKey, clock: clock))
        let transactions = HouseholdTransactions(database: database, clock: clock)
        let accounts = AccountService(
            database: database, passwords: services.passwords, sessions: sessions,
            failedLogins: services.rateLimiter("failed-logins", limit: settings.failedLoginsPerEmail, windowSeconds: 15 * 60))
        let apple = AppleSignIn(
            verifier: OpenIDConnectVerifier(
                configuration: .apple(clientIDs: settings.appleClientIDs, keySetURL: settings.appleKeySetURL, nonce: .matchingWhenBothPresent),
                http: .shared, clock: clock),
            database: database, sessions: sessions)
        let provider: any ProductInfoProvider = settings.productProviderURL.map {
            OpenFoodFactsProvider(baseURL: $0, userAgent: "Hearth-PantryPal/1.0 (self-hosted)", http: .shared)
        } ?? NoProductProvider()
        let lookup = ProductLookup(transactions: transactions, provider: provider)
        let rateLimit = PantryRateLimitMiddleware(
            perUser: services.rateLimiter("requests-per-user", limit: settings.requestsPerUser, windowSeconds: 15 * 60),
            perAddress: services.rateLimiter("requests-per-address", limit: settings.requestsPerAddress, windowSeconds: 15 * 60))

        let api = routes.group("api")
        StatusRoutes(clock: clock).register(on: routes, api: api.group().add(middleware: rateLimit))
        let publicAuth = api.group("auth").add(middleware: rateLimit)
        let signedIn = api.group()
            .add(middleware: PantryAuthMiddleware(sessions: sessions))
            .add(middleware: rateLimit)
            .add(middleware: IdempotencyMiddleware(database: database, clock: clock, format: errorFormat))
            .add(middleware: ExpectedHouseholdMiddleware())
        AuthRoutes(accounts: accounts, appleSignIn: apple).register(public: publicAuth, signedIn: signedIn.group("auth"))
        HouseholdRoutes(
            households: HouseholdService(database: database, clock: clock), transactions: transactions,
            inviteAttempts: services.rateLimiter("invite-attempts", limit: settings.inviteAttemptsPerMinute, windowSeconds: 60)
        ).register(on: signedIn.group("household"))
        ProductRoutes(
            transactions: transactions, lookup: lookup,
            lookupLimiter: services.rateLimiter("upc-lookups", limit: settings.upcLookupsPerMinute, windowSeconds: 60)
        ).register(on: signedIn.group("products"))
        InventoryRoutes(transactions: transactions, lookup: lookup).register(on: signedIn.group("inventory"))
        LocationRoutes(transactions: transactions).register(on: signedIn.group("locations"))
        CheckoutRoutes(transactions: transactions).register(on: signedIn.group("checkout"))
        GroceryRoutes(transactions: transactions).register(on: signedIn.group("grocery"))
        SyncRoutes(transactions: transactions, push: PushService(database: database, clock: clock)).register(on: signedIn.group("sync"))
        NotificationRoutes(database: database, clock: clock).register(on: signedIn.group("notifications"))
        SubscriptionRoutes(transactions: transactions, verifier: UnconfiguredPurchaseVerifier())
            .register(on: signedIn.group("subscriptions"))
        if let testKey = settings.testKey {
            TestRoutes(testKey: testKey, database: database, clock: clock, passwords: services.passwords)
                .register(on: api.group("test").add(middleware: rateLimit))
        }
        if let adminKey = settings.adminKey {
            AdminRoutes(adminKey: adminKey, database: database, clock: clock).register(on: api.group("admin").add(middleware: rateLimit))
        }
    }
}
