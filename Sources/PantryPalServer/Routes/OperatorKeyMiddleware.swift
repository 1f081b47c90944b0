import HearthCore
import HearthServer
import HTTPTypes
import Hummingbird

/// Operator routes (`/api/admin`, `/api/test`): the request must carry the configured key
/// in `header` (compared in constant time), else `refusal`.
struct OperatorKeyMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let header: HTTPField.Name
    let key: String
    let refusal: APIError

    static func admin(key: String) -> OperatorKeyMiddleware {
        OperatorKeyMiddleware(
            header: .known("x-admin-key"), key: key,
            refusal: APIError(.unauthorized, code: .unauthorized, message: "Unauthorized - Invalid admin key"))
    }

    static func uiTests(key: String) -> OperatorKeyMiddleware {
        OperatorKeyMiddleware(header: .known("x-test-admin-key"), key: key, refusal: PantryError.forbidden("Forbidden", code: "FORBIDDEN"))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let presented = request.headers[header], ConstantTime.equal(presented, key) else { throw refusal }
        return try await next(request, context)
    }
}
