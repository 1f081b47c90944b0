import HearthServer
import Hummingbird

/// A valid token is not enough (spec §1.7): the user it names must still exist.
struct ExistingUserMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let accounts: AccountStore

    static let unknownUser = APIError(
        .unauthorized, code: .unauthorized, message: "Could not validate credentials", headers: BearerAuthMiddleware.challenge)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard try await accounts.profile(of: try context.requireUser()) != nil else { throw Self.unknownUser }
        return try await next(request, context)
    }
}
