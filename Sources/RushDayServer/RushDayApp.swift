import AsyncHTTPClient
import GRPCCore
import HearthCore
import HearthGRPC
import HearthServer
import HearthStore
import Hummingbird

/// Rush Day on Hearth (spec `rushday.md`): its gRPC services on the shared gRPC listener
/// (`--grpc-port`), and on its HTTP mount the account routes of `HEARTH_RD_AUTH=hearth`
/// (`/api/v1/auth/…`) and health.
public struct RushDayApp: HearthApp, GRPCApp {
    public static let appName = "rushday"
    public var name: String { Self.appName }
    public let displayName = "Rush Day"
    public let summary = "Event planning: events, co-hosts, tasks, guests, agenda and budget, over gRPC."
    public let settings: RushDaySettings
    let collaborators: RushDayCollaborators

    public init(settings: RushDaySettings = RushDaySettings(), collaborators: RushDayCollaborators = RushDayCollaborators()) {
        self.settings = settings
        self.collaborators = collaborators
    }

    public var migrations: [Migration] { RushDayMigrations.all }

    func components(_ services: AppServices) -> RushDayComponents {
        RushDayComponents(services: services, settings: settings, collaborators: collaborators)
    }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        routes.get("health") { _, _ in Response.json(["status": "ok"]) }
        if settings.authMode == .hearth {
            PasswordAuthRoutes(services: services).register(on: routes.group("api/v1/auth"))
        }
        RushDayWeb(components: components(services), services: services).register(on: routes)
    }

    /// Reminder re-planning and delivery (§9 decision 8, ``ReminderRules``).
    public func jobs(services: AppServices) -> [JobDefinition] { ReminderJobs(components: components(services)).definitions }

    public func housekeeping(services: AppServices) -> [Housekeeping] { ReminderJobs(components: components(services)).housekeeping }

    public func grpcServices(services: AppServices) -> [any RegistrableRPCService] {
        let components = components(services)
        return [
            UserService(components: components), EventService(components: components), VendorService(components: components),
            InvitationService(components: components), AIEventPlannerService(components: components),
        ]
    }

    public func grpcInterceptors(services: AppServices) -> [any ServerInterceptor] {
        [
            AuthInterceptor(
                verifier: tokenVerifier(services: services), users: components(services).users,
                statusMapping: StatusMapping(logger: services.logger))
        ]
    }

    /// The verifier of ``RushDaySettings/authMode``.
    public func tokenVerifier(services: AppServices) -> any TokenVerifier {
        switch settings.authMode {
        case .hearth:
            return HearthAccessTokenVerifier(services: services)
        case .firebase:
            return FirebaseTokenVerifier(
                projectID: settings.firebaseProjectID ?? "", keySetURL: settings.firebaseKeySetURL, http: HTTPClient.shared,
                clock: services.clock)
        case .hs256:
            return HS256TokenVerifier(secret: settings.hs256Secret ?? services.appSigningKey, clock: services.clock)
        }
    }
}
