import Foundation
import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// Knot on Hearth (spec `knot.md`): one app serving the four surfaces the iOS app talks
/// to — GoTrue-compatible auth at `/auth/v1`, the one PostgREST query at `/rest/v1`, the
/// Knot API at `/api/v1`, and the deep-link files — so the unmodified app, pointed at
/// Hearth for its Supabase URL and its API base URL, works.
public struct KnotApp: HearthApp {
    public static let appName = "knot"
    public var name: String { Self.appName }
    public let displayName = "Knot"
    public let summary = "A partner's profile, hints and milestones, for gift and date ideas that fit them."
    public let settings: KnotSettings
    public let apiDocument: APIDocument? = APIDocument(resourceOf: "KnotServer")
    let collaborators: KnotCollaborators

    public init(settings: KnotSettings = KnotSettings()) {
        self.init(settings: settings, collaborators: KnotCollaborators())
    }

    /// With outside services of the caller's choosing (tests: a recording push sender, a
    /// fixture catalogue, local fakes).
    init(settings: KnotSettings, collaborators: KnotCollaborators) {
        self.settings = settings
        self.collaborators = collaborators
    }

    func components(_ services: AppServices) -> KnotComponents {
        KnotComponents(services: services, settings: settings, collaborators: collaborators)
    }

    public var migrations: [Migration] { KnotMigrations.all }
    public var errorFormat: any ErrorResponseFormat { FastAPIErrorFormat() }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        routes.get("health") { _, _ in Response.json(["status": "ok"]) }
        DeepLinkRoutes(settings: settings).register(on: routes)
        let auth = KnotAuth(services: services, settings: settings)
        auth.register(on: routes)
        let components = components(services)
        KnotAPI(services: services, settings: settings, auth: auth, components: components).register(on: routes)
        WebhookRoutes(
            signature: WebhookSignature(
                currentKey: settings.notifications.webhookCurrentSigningKey, nextKey: settings.notifications.webhookNextSigningKey),
            baseURL: settings.siteURL ?? services.configuration.publicOrigin + services.configuration.mountPath(of: name),
            processor: components.processor, learning: components.learning, clock: services.clock
        ).register(on: routes)
    }

    public func jobs(services: AppServices) -> [JobDefinition] {
        KnotJobs(components: components(services), services: services, settings: settings.notifications).definitions
    }

    public func housekeeping(services: AppServices) -> [Housekeeping] {
        KnotJobs.housekeeping(services: services, settings: settings.notifications)
    }

    public func administration(services: AppServices) -> (any AccountAdministration)? {
        KnotAdministration(services: services, settings: settings)
    }
}
