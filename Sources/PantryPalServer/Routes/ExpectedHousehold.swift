import HearthServer
import HTTPTypes
import Hummingbird

/// `X-Household-Id` (Hearth's addition): the household a client's queued write was made
/// for. When it is given and the caller's household is now another one (they joined or
/// left on another device), the write is refused with 409 `HOUSEHOLD_CHANGED` instead of
/// landing in the new household.
struct ExpectedHousehold: Sendable {
    @TaskLocal static var current: String?

    static let header = HTTPField.Name.known("X-Household-Id")
    static let changed = PantryError.conflict(
        "This change was made for another household; sync to see your current one", code: "HOUSEHOLD_CHANGED")
}

struct ExpectedHouseholdMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let expected = request.headers[ExpectedHousehold.header], !expected.isEmpty else {
            return try await next(request, context)
        }
        return try await ExpectedHousehold.$current.withValue(expected) { try await next(request, context) }
    }
}
