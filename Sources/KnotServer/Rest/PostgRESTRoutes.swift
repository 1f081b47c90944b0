import HTTPTypes
import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// Who a `/rest/v1` request is from, once its bearer token was judged.
enum PostgRESTCaller: Sendable, Hashable {
    /// No bearer, or the anon/service key as bearer: sees no vault, like row-level security.
    case anonymous
    case user(String)
}

/// The PostgREST shim (spec §4.5, docs/KNOT.md ("Wire contract") §8): the app asks
/// `GET /rest/v1/partner_vaults?select=id&limit=1` to learn whether onboarding is done,
/// and gets `[{"id": …}]` or `[]` — only ever the caller's own vault.
///
/// When ``KnotSettings/anonKey`` is set, `apikey` must be the anon or service-role key
/// (the Supabase gateway's rule, ``KnotAPIKeyMiddleware``). The bearer is checked as PostgREST does — signature,
/// expiry, audience — not against live sessions: a deleted user's token matches nothing.
struct PostgRESTRoutes: Sendable {
    static let table = "partner_vaults"
    static let prefer = HTTPField.Name.known("Prefer")

    let database: any HearthDatabase
    /// The `apikey` rule, applied before anything else on `/rest/v1`.
    let apiKeyCheck: KnotAPIKeyMiddleware
    /// Judges the `Authorization` header; throws the 401 to send.
    let caller: @Sendable (Request) throws(PostgRESTError) -> PostgRESTCaller

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let rest = routes.group("rest/v1").add(middleware: apiKeyCheck)
        rest.get(":table") { request, context in await answer(request, context, head: false) }
        rest.head(":table") { request, context in await answer(request, context, head: true) }
        for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
            rest.on(":table", method: method) { request, context in await refuse(request, context) }
        }
    }

    func answer(_ request: Request, _ context: HearthRequestContext, head: Bool) async -> Response {
        do {
            let table = context.pathParameter("table")
            guard table == Self.table else { throw PostgRESTError.unknownTable(String(table.prefix(64))) }
            let query = try PostgRESTQuery(parameters: request.uri.queryParameters.map { (String($0.key), String($0.value)) })
            let rows = try await vaultIDs(for: try caller(request))
            return try respond(rows: rows, query: query, request: request, head: head)
        } catch let error as PostgRESTError {
            return head ? Self.withoutBody(error.response) : error.response
        } catch {
            context.logger.error("PostgREST shim failed", metadata: ["error": "\(error)"])
            let failure = PostgRESTError(status: .serviceUnavailable, code: "PGRST000", message: "Database unavailable")
            return head ? Self.withoutBody(failure.response) : failure.response
        }
    }

    func refuse(_ request: Request, _ context: HearthRequestContext) async -> Response {
        let table = context.pathParameter("table")
        return (table == Self.table ? PostgRESTError.methodNotAllowed : .unknownTable(String(table.prefix(64)))).response
    }

    private func vaultIDs(for caller: PostgRESTCaller) async throws -> [String] {
        guard case .user(let userID) = caller else { return [] }
        return try await database.read { sql in try await StoredVault.id(ofUser: userID, on: sql) }.map { [$0] } ?? []
    }

    private func respond(rows: [String], query: PostgRESTQuery, request: Request, head: Bool) throws(PostgRESTError) -> Response {
        let page = query.page(rows)
        let counted = Self.wantsCount(request.headers[Self.prefer])
        var headers = HTTPFields()
        headers[.contentRange] = query.contentRange(returned: page.count, total: counted ? rows.count : nil)
        let objects = page.map { JSONValue.object(["id": .string($0)]) }
        var response: Response
        if Self.wantsSingleObject(request.headers[.accept]) {
            guard page.count == 1, let only = objects.first else { throw .notSingleObject }
            response = Response.json(only, headers: headers)
            response.headers[.contentType] = "application/vnd.pgrst.object+json; charset=utf-8"
        } else {
            response = Response.json(.array(objects), headers: headers)
        }
        return head ? Self.withoutBody(response) : response
    }

    /// `Prefer: count=exact` (or `planned`/`estimated`, which are exact here).
    static func wantsCount(_ prefer: String?) -> Bool {
        guard let prefer else { return false }
        return prefer.split(separator: ",").contains { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces).lowercased()
            return ["count=exact", "count=planned", "count=estimated"].contains(trimmed)
        }
    }

    /// `.single()` asks for one bare object instead of an array.
    static func wantsSingleObject(_ accept: String?) -> Bool {
        accept?.lowercased().contains("application/vnd.pgrst.object+json") ?? false
    }

    /// A `HEAD` answer: the same status and headers, no body.
    static func withoutBody(_ response: Response) -> Response {
        Response(status: response.status, headers: response.headers, body: ResponseBody())
    }
}
