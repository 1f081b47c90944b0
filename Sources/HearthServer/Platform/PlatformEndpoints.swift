import HearthCore
import HearthStore
import Hummingbird

/// `/health` and `/metrics` of the platform. Always reachable under `/_hearth/…`; at the
/// root too, unless an app mounted there answers those paths itself (the app wins).
public struct PlatformEndpoints: Sendable {
    let database: any HearthDatabase
    let metrics: ServerMetrics

    func register(on router: Router<HearthRequestContext>) {
        router.get("_hearth/health") { _, _ in await health() }
        router.get("_hearth/metrics") { _, _ in self.metricsResponse() }
    }

    func health() async -> Response {
        do {
            try await withTimeout(.seconds(3)) { try await database.checkHealth() }
            return Response.json(["status": "ok", "database": "ok"])
        } catch {
            return Response.json(["status": "unavailable", "database": "unreachable"], status: .serviceUnavailable)
        }
    }

    func metricsResponse() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.render())))
    }
}

/// Serves `GET /health` and `GET /metrics` when no route matched them.
struct PlatformFallbackMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let endpoints: PlatformEndpoints

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get, path == "/health" || path == "/metrics" else {
            return try await next(request, context)
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return path == "/health" ? await endpoints.health() : endpoints.metricsResponse()
        }
    }
}
