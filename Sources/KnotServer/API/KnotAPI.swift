import AsyncHTTPClient
import HearthCore
import HearthServer
import Hummingbird

/// The Knot API at `/api/v1` (spec §5: vault, hints, recommendations, users) behind the auth middleware,
/// and the PostgREST shim at `/rest/v1` (§4.5).
struct KnotAPI: Sendable {
    let services: AppServices
    let settings: KnotSettings
    /// Sets `context.userID` from a valid bearer, or answers 401 (§4.4).
    let requireUser: any MiddlewareProtocol<Request, Response, HearthRequestContext>
    let postgrestCaller: @Sendable (Request) throws(PostgRESTError) -> PostgRESTCaller
    let components: KnotComponents
    let hooks: KnotAPIHooks

    init(
        services: AppServices, settings: KnotSettings, requireUser: any MiddlewareProtocol<Request, Response, HearthRequestContext>,
        postgrestCaller: @escaping @Sendable (Request) throws(PostgRESTError) -> PostgRESTCaller,
        components: KnotComponents, hooks: KnotAPIHooks? = nil
    ) {
        self.services = services
        self.settings = settings
        self.requireUser = requireUser
        self.postgrestCaller = postgrestCaller
        self.components = components
        self.hooks = hooks ?? components.apiHooks
    }

    /// The API guarded by Knot's GoTrue-compatible auth.
    init(services: AppServices, settings: KnotSettings, auth: KnotAuth, components: KnotComponents, hooks: KnotAPIHooks? = nil) {
        self.init(
            services: services, settings: settings, requireUser: auth.requireUser,
            postgrestCaller: { (request: Request) throws(PostgRESTError) -> PostgRESTCaller in
                do throws(PostgRESTAuthFailure) {
                    return try auth.postgrestCaller(request).map(PostgRESTCaller.user) ?? .anonymous
                } catch {
                    throw PostgRESTError.badJWT(code: error.code, message: error.message, challenge: error.wwwAuthenticate)
                }
            }, components: components, hooks: hooks)
    }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let (database, clock) = (services.database, services.clock)
        let api = routes.group("api/v1").add(middleware: requireUser)
        VaultRoutes(store: VaultStore(database: database, clock: clock), hooks: hooks).register(on: api)
        HintRoutes(store: HintStore(database: database, clock: clock), embeddings: components.embeddings).register(on: api)
        RecommendationRoutes(service: components.recommendations).register(on: api)
        NotificationRoutes(database: database, clock: clock).register(on: api)
        AccountRoutes(
            profiles: UserProfiles(database: database, clock: clock), devices: components.devices,
            export: AccountExport(database: database, clock: clock), jobs: services.jobs, hooks: hooks
        ).register(on: api)
        PostgRESTRoutes(database: database, apiKeyCheck: KnotAPIKeyMiddleware(settings: settings), caller: postgrestCaller)
            .register(on: routes)
    }
}
