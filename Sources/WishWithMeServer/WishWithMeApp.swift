import Foundation
import HearthCore
import HearthOutbound
import HearthServer
import HearthStore
import Hummingbird
import NIOPosix
import ServiceLifecycle

/// Wish With Me on Hearth: the original API (auth, OAuth, sync v2, shares) wire-compatible
/// with the original iOS app and PWA and hardened, plus Hearth delta sync of the same six
/// collections and background item resolution.
public struct WishWithMeApp: HearthApp {
    /// The app's name (mount path, token audience, document-store scope).
    public static let appName = "wishwithme"
    public var name: String { Self.appName }
    public let displayName = "Wish With Me"
    public let summary = "Shared wishlists: friends open a link and secretly mark what they will buy, which the owner never sees."
    /// `Resources/openapi.json`, read once.
    public let apiDocument: APIDocument? = APIDocument(resourceOf: "WishWithMeServer")
    public let settings: WishWithMeSettings
    /// Renders shop pages built by script, when this machine has Chromium.
    let browser: ProductPageBrowser
    /// Requests this process has in flight to one shop at once (pages and their images).
    let shopHosts = HostConcurrencyLimiter(perHost: ProductLookup.requestsPerShop)
    /// Names this process in resolver bookkeeping (`claimed_by`, `resolved_by`).
    let instanceID = "resolver:\(UUID().uuidString.lowercased())"

    public init(settings: WishWithMeSettings = WishWithMeSettings()) {
        self.settings = settings
        browser = ProductPageBrowser()
    }

    public var migrations: [Migration] { WishWithMeMigrations.all }
    public var webPagesPath: String? { "/wishlists" }
    /// The original PWA's origins (spec §1.9).
    public var defaultCORSOrigins: [String] { ["https://wishwith.me", "https://www.wishwith.me"] }
    public var errorFormat: any ErrorResponseFormat { WishWithMeErrorFormat() }
    public var responseHeaders: HTTPFields { SecurityHeaders.fields(strictTransportSecurity: !settings.debug) }

    public func collections(services: AppServices) -> [DocumentCollection] {
        let rules = WishWithMeRules(jobs: services.jobs)
        return WishWithMeCollection.allCases.map { collection in
            DocumentCollection(
                name: collection.rawValue, rule: WishWithMeAccessRule(collection: collection, rules: rules),
                maxDocumentBytes: LegacySyncService.maxDocumentBytes, concurrentPuts: collection.allowsConcurrentPuts)
        }
    }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        let rules = WishWithMeRules(jobs: services.jobs)
        let accounts = AccountStore(documents: services.documents, rules: rules)
        let api = routes.group()
        StatusRoutes(database: services.database).register(on: api)
        AuthRoutes(services: services, accounts: accounts).register(on: api)
        let signedIn = api.group()
            .add(middleware: services.requireAccessToken)
            .add(middleware: ExistingUserMiddleware(accounts: accounts))
        LegacySyncRoutes(service: LegacySyncService(documents: services.documents, rules: rules))
            .register(on: signedIn.group("api/v2/sync"))
        let shares = ShareService(documents: services.documents, rules: rules)
        ShareRoutes(
            service: shares, settings: settings, mountPath: services.mountPath, grantThrottle: services.authThrottle.addressMiddleware
        ).register(on: signedIn)
        let site = services.webSite(module: "WishWithMeServer", languages: WishWithMeWeb.languages)
        let oauthService = OAuthService(services: services, accounts: accounts, rules: rules, settings: settings, http: .shared)
        WishWithMeWeb(
            site: site, services: services, accounts: accounts, sync: LegacySyncService(documents: services.documents, rules: rules),
            shares: shares, oauth: oauthService, settings: settings
        ).register(on: routes)
        let oauth = OAuthRoutes(
            service: oauthService, connected: ConnectedAccounts(documents: services.documents), settings: settings, site: site)
        oauth.register(on: api)
        oauth.registerSignedIn(on: signedIn)
    }

    public func backgroundServices(services: AppServices) -> [any Service] {
        browser.isAvailable ? [browser] : []
    }

    public func administration(services: AppServices) -> (any AccountAdministration)? {
        WishWithMeAdministration(services: services)
    }

    public func jobs(services: AppServices) -> [JobDefinition] {
        let metrics = ResolutionMetrics(registry: services.metrics.registry)
        browser.observeRestarts { metrics.recordBrowserRestart() }
        let resolver = ItemResolver(
            documents: services.documents, rules: WishWithMeRules(jobs: services.jobs), lookup: productLookup(services: services),
            instanceID: instanceID, metrics: metrics, logger: services.logger)
        if !browser.isAvailable {
            services.logger.notice("Chromium not found: item resolution reads each page's raw HTML only (install the 'chromium' package)")
        }
        return [
            JobDefinition(kind: ItemResolutionTrigger.jobKind, maxAttempts: ItemResolutionTrigger.maxAttempts, timeout: .seconds(90)) {
                job in try await resolver.run(job)
            }
        ]
    }

    public func housekeeping(services: AppServices) -> [Housekeeping] {
        let sweep = StaleResolutionSweep(
            documents: services.documents, rules: WishWithMeRules(jobs: services.jobs), jobs: services.jobs, instanceID: instanceID,
            logger: services.logger)
        return [Housekeeping(name: "wishwithme stale item resolutions") { try await sweep.run() }]
    }

    /// The link lookup of this server: its outbound policy, browser and model.
    func productLookup(services: AppServices) -> ProductLookup {
        var policy = OutboundPolicy()
        policy.allowedPrivateHosts = Set(services.configuration.outboundAllowHosts)
        return ProductLookup(
            fetcher: OutboundFetcher(policy: policy, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, threadPool: .singleton),
            browser: browser.isAvailable ? browser : nil, model: settings.llm.map { ProductModelClient(settings: $0, logger: services.logger) },
            hosts: shopHosts, logger: services.logger)
    }
}
