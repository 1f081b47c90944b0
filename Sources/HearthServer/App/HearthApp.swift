import HearthStore
import Hummingbird
import ServiceLifecycle

/// What one app of Hearth plugs into the platform. Each `<App>Server` module has one
/// conformance (`WishWithMeApp`, `PantryPalApp`, …).
public protocol HearthApp: Sendable {
    /// Lower-case, URL-safe: the mount path (`/<name>`) and the token audience.
    var name: String { get }
    /// How people call the app ("Wish With Me").
    var displayName: String { get }
    /// One sentence on what the app is, for the home page.
    var summary: String { get }
    /// Where, below the mount, the app's original clients expect the API ("" for the
    /// mount itself, "/api" for PantryPal): what the start banner gives as its base URL.
    var clientBasePath: String { get }
    /// The app's OpenAPI document, served at `<mount>/openapi.json`; `nil` if it has none.
    var apiDocument: APIDocument? { get }
    /// Where, below the mount, the app's web pages start, if it has any.
    var webPagesPath: String? { get }
    /// The app's own schema steps; module names use the app's table prefix.
    var migrations: [Migration] { get }
    /// Collections served by the delta sync endpoints under `…/api/hearth/v1/sync`. Their
    /// rules get the app's services (a rule may enqueue a job in the write's transaction).
    func collections(services: AppServices) -> [DocumentCollection]
    /// How this app writes errors (the original clients parse their own shape).
    var errorFormat: any ErrorResponseFormat { get }
    /// Origins whose browser apps may call this app's API when the operator configured no
    /// CORS origins (`HEARTH_CORS_ORIGINS` replaces them): the original web client's.
    var defaultCORSOrigins: [String] { get }
    /// A request body limit below the server's, if the app wants one.
    var maxBodyBytes: Int? { get }
    /// Headers put on every response of the app, errors included, unless a route already
    /// set them (security headers the original backend sent, for example).
    var responseHeaders: HTTPFields { get }

    /// Adds the app's routes. `routes` is already mounted (at `/<name>` or at the root) and
    /// has the app's error format and body limit applied.
    func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices)

    /// Background job handlers.
    func jobs(services: AppServices) -> [JobDefinition]

    /// Long-running parts of the app (a browser it drives, say) that start and stop with
    /// the server: they run in its service group and are shut down gracefully with it.
    func backgroundServices(services: AppServices) -> [any Service]

    /// Work the platform's hourly maintenance runs for this app (pruning old history).
    func housekeeping(services: AppServices) -> [Housekeeping]

    /// How operators administer the app's accounts (`hearth admin`), which also gives it
    /// the platform's password reset page at `<mount>/reset-password`; `nil` for an app
    /// without accounts.
    func administration(services: AppServices) -> (any AccountAdministration)?
}

/// One named piece of an app's hourly housekeeping.
public struct Housekeeping: Sendable {
    public let name: String
    public let run: @Sendable () async throws -> Void

    public init(name: String, run: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.run = run
    }
}

extension HearthApp {
    public var clientBasePath: String { "" }
    public var apiDocument: APIDocument? { nil }
    public var webPagesPath: String? { nil }
    public var migrations: [Migration] { [] }
    public func collections(services: AppServices) -> [DocumentCollection] { [] }
    public var errorFormat: any ErrorResponseFormat { HearthErrorFormat() }
    public var defaultCORSOrigins: [String] { [] }
    public var maxBodyBytes: Int? { nil }
    public var responseHeaders: HTTPFields { [:] }
    public func jobs(services: AppServices) -> [JobDefinition] { [] }
    public func backgroundServices(services: AppServices) -> [any Service] { [] }
    public func housekeeping(services: AppServices) -> [Housekeeping] { [] }
    public func administration(services: AppServices) -> (any AccountAdministration)? { nil }
}
