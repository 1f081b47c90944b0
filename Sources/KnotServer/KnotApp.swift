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

    public init(settings: KnotSettings = KnotSettings()) {
        self.settings = settings
    }

    public var migrations: [Migration] { KnotMigrations.all }
    public var errorFormat: any ErrorResponseFormat { FastAPIErrorFormat() }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        routes.get("health") { _, _ in Response.json(["status": "ok"]) }
        DeepLinkRoutes(settings: settings).register(on: routes)
        let auth = KnotAuth(services: services, settings: settings)
        auth.register(on: routes)
        KnotAPI(services: services, settings: settings, auth: auth).register(on: routes)
    }

    public func jobs(services: AppServices) -> [JobDefinition] { [] }

    public func administration(services: AppServices) -> (any AccountAdministration)? {
        KnotAdministration(services: services, settings: settings)
    }
}
