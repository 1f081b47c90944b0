import HTTPTypes
import HearthServer
import Hummingbird

/// The original application's headers on every response (spec §1.9).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let strictTransportSecurity: Bool

    private static let fixed: [(HTTPField.Name, String)] = [
        ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("X-XSS-Protection", "1; mode=block"),
    ].compactMap { name, value in HTTPField.Name(name).map { ($0, value) } }
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in Self.fixed { response.headers[name] = value }
        if let name = Self.referrerPolicy, response.headers[name] == nil {
            response.headers[name] = "strict-origin-when-cross-origin"
        }
        if strictTransportSecurity {
            response.headers[.strictTransportSecurity] = "max-age=31536000; includeSubDomains"
        }
        return response
    }
}
