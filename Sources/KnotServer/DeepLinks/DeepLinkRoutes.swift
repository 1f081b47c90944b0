import HearthCore
import HearthServer
import Hummingbird

/// The universal-link files and the page a shared recommendation link opens without the
/// app (spec §5.9). Public: no auth, no `/api/v1` prefix.
struct DeepLinkRoutes: Sendable {
    let settings: KnotSettings

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let association = Self.association(appID: settings.appleAppID)
        for path in [".well-known/apple-app-site-association", "apple-app-site-association"] {
            routes.get(RouterPath(path)) { _, _ in Response.json(association) }
        }
        routes.get("recommendation/:id") { _, context in
            RecommendationFallbackPage.response(recommendationID: context.parameters.get("id") ?? "")
        }
    }

    static func association(appID: String) -> JSONValue {
        [
            "applinks": ["apps": [], "details": [["appIDs": [.string(appID)], "components": [["/": "/recommendation/*"]]]]],
            "webcredentials": ["apps": [.string(appID)]],
        ]
    }
}
