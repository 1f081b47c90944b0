import HearthCore
import HearthStore
import Hummingbird

/// The `Idempotency-Key` of the request being handled, if it has one. Writes record their
/// answer under it in their own transaction (``HouseholdTransactions/answer(userID:orElse:_:)``),
/// so "applied" and "answer stored" commit together: a retry after a crash either finds
/// the answer or finds nothing applied.
struct IdempotencyClaim: Sendable {
    @TaskLocal static var current: IdempotencyClaim?

    let userID: String
    let key: String

    func record(_ answer: PantryAnswer, in executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE pp_idempotency_keys SET state = 'done', status_code = ?, response_body = ? WHERE user_id = ? AND key = ? AND state = 'in_flight'",
            [.integer(Int64(answer.status.code)), .text(answer.body.serializedString()), .text(userID), .text(key)])
    }
}

/// A route's answer: status and JSON body.
struct PantryAnswer: Sendable {
    var status: HTTPResponse.Status = .ok
    var body: JSONValue

    init(_ body: JSONValue, status: HTTPResponse.Status = .ok) {
        self.body = body
        self.status = status
    }

    var response: Response { Response.json(body, status: status) }
}
