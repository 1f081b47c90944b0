import HearthCore
import HearthServer
import Hummingbird

/// `GET /health` and the API index `GET /api` (spec §1.6).
struct StatusRoutes: Sendable {
    let clock: any WallClock

    func register(on routes: RouterGroup<HearthRequestContext>, api: RouterGroup<HearthRequestContext>) {
        routes.get("health") { _, _ in
            Response.json(["status": "ok", "timestamp": .string(PantryTime.isoMillis(clock.now))])
        }
        api.get { _, _ in
            let endpoints: [String: JSONValue] = Dictionary(uniqueKeysWithValues: [
                "auth", "products", "inventory", "locations", "checkout", "notifications", "sync", "grocery",
            ].map { ($0, JSONValue.string("/api/\($0)")) })
            return Response.json(["name": "PantryPal API", "version": "1.0.0", "endpoints": .object(endpoints)])
        }
    }
}
