import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `/`, `/healthz`, `/ready`, `/live` (spec §1.10), with a real storage probe.
struct StatusRoutes: Sendable {
    let database: any HearthDatabase

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.get { _, _ in Response.json(["message": "Wish With Me API", "version": "2.0.0"]) }
        api.get("healthz") { _, _ in
            let healthy = (try? await database.checkHealth()) != nil
            let state: JSONValue = healthy ? "healthy" : "unhealthy"
            return Response.json(["status": state, "couchdb": state], status: healthy ? .ok : .serviceUnavailable)
        }
        api.get("ready") { _, _ in Response.json(["status": "ready"]) }
        api.get("live") { _, _ in Response.json(["status": "alive"]) }
    }
}
