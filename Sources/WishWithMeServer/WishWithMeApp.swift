import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// Wish With Me on Hearth: the original API (auth, OAuth, sync v2, shares) wire-compatible
/// with the original iOS app and PWA and hardened, plus Hearth delta sync of the same six
/// collections and background item resolution.
public struct WishWithMeApp: HearthApp {
    public let name = "wishwithme"
    public let settings: WishWithMeSettings

    public init(settings: WishWithMeSettings = WishWithMeSettings()) {
        self.settings = settings
    }

    public var migrations: [Migration] { WishWithMeMigrations.all }
    public var errorFormat: any ErrorResponseFormat { WishWithMeErrorFormat() }

    public func collections(services: AppServices) -> [DocumentCollection] {
        let rules = WishWithMeRules(jobs: services.jobs)
        return WishWithMeCollection.allCases.map { collection in
            DocumentCollection(
                name: collection.rawValue, rule: WishWithMeAccessRule(collection: collection, rules: rules),
                maxDocumentBytes: LegacySyncService.maxDocumentBytes)
        }
    }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        let rules = WishWithMeRules(jobs: services.jobs)
        let accounts = AccountStore(documents: services.documents, rules: rules)
        let api = routes.group().add(middleware: SecurityHeadersMiddleware(strictTransportSecurity: !settings.debug))
        StatusRoutes(database: services.database).register(on: api)
        AuthRoutes(services: services, accounts: accounts).register(on: api)
        let signedIn = api.group()
            .add(middleware: services.requireAccessToken)
            .add(middleware: ExistingUserMiddleware(accounts: accounts))
        LegacySyncRoutes(service: LegacySyncService(documents: services.documents, rules: rules))
            .register(on: signedIn.group("api/v2/sync"))
        ShareRoutes(service: ShareService(documents: services.documents, rules: rules), settings: settings).register(on: signedIn)
    }
}
