import Foundation
import Crypto
import HearthCore
import HearthServer
import HearthStore
import HTTPTypes
import Hummingbird
import NIOCore

/// `Idempotency-Key` on every write (W5): per user, kept 24 hours with a hash of method,
/// path and body. The same request again is answered from the stored response with
/// `Idempotent-Replayed: true`; another request under the same key is a 422; a request
/// still running is a 409. Without the header nothing changes. Server faults (5xx) are
/// not stored, so the client may retry them. Household writes store their answer in their
/// own transaction (``IdempotencyClaim``); other routes' answers are stored right after.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let database: any HearthDatabase
    let clock: any WallClock
    let format: any ErrorResponseFormat

    static let keyHeader = HTTPField.Name.known("Idempotency-Key")
    static let replayedHeader = HTTPField.Name.known("Idempotent-Replayed")
    static let retentionSeconds: Int64 = 24 * 3600
    /// A key still "in flight" after this long belongs to a request that died.
    static let abandonedAfterSeconds: Int64 = 15

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head, let key = request.headers[Self.keyHeader] else {
            return try await next(request, context)
        }
        guard (1...128).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw PantryError.invalidField("Idempotency-Key must be 1 to 128 printable characters")
        }
        let userID = try context.requireUser()
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        var request = request
        request.body = RequestBody(buffer: body)
        let hash = Self.hash(method: request.method.rawValue, path: request.uri.description, body: body)
        if let stored = try await claim(userID: userID, key: key, hash: hash) { return stored }
        let response: Response
        do {
            response = try await IdempotencyClaim.$current.withValue(IdempotencyClaim(userID: userID, key: key)) {
                try await next(request, context)
            }
        } catch let error as APIError {
            return try await remember(format.response(for: error), userID: userID, key: key)
        } catch {
            try? await forget(userID: userID, key: key)
            throw error
        }
        return try await remember(response, userID: userID, key: key)
    }

    /// Marks the key in flight, or answers from what it already holds.
    private func claim(userID: String, key: String, hash: String) async throws -> Response? {
        let now = clock.now
        return try await database.transaction { executor -> Response? in
            try await executor.execute(
                "DELETE FROM pp_idempotency_keys WHERE user_id = ? AND created_at < ?",
                [.text(userID), .init(now.adding(seconds: -Self.retentionSeconds))])
            if try await executor.queryFirst(
                """
                INSERT INTO pp_idempotency_keys (user_id, key, request_hash, state, created_at) VALUES (?, ?, ?, 'in_flight', ?)
                ON CONFLICT DO NOTHING RETURNING key
                """, [.text(userID), .text(key), .text(hash), .init(now)]) != nil
            {
                return nil
            }
            guard let row = try await executor.queryFirst(
                "SELECT request_hash, status_code, response_body, state, created_at FROM pp_idempotency_keys WHERE user_id = ? AND key = ?",
                [.text(userID), .text(key)])
            else { return nil }
            guard try row.string("request_hash") == hash else {
                throw APIError(
                    .unprocessableContent, code: HearthErrorCode("IDEMPOTENCY_KEY_REUSED"),
                    message: "Idempotency key reused with a different request")
            }
            if try row.string("state") == "done", let status = try row.optionalInt("status_code") {
                var headers = HTTPFields()
                headers[Self.replayedHeader] = "true"
                let text = try row.optionalString("response_body") ?? ""
                return Response.json((try? JSONParser().parse(text)) ?? .null, status: .init(code: Int(status)), headers: headers)
            }
            guard try row.timestamp("created_at") < now.adding(seconds: -Self.abandonedAfterSeconds) else {
                throw PantryError.conflict("Request already in progress", code: "IDEMPOTENCY_IN_PROGRESS")
            }
            try await executor.execute(
                "UPDATE pp_idempotency_keys SET created_at = ? WHERE user_id = ? AND key = ?", [.init(now), .text(userID), .text(key)])
            return nil
        }
    }

    private func remember(_ response: Response, userID: String, key: String) async throws -> Response {
        // Faults and throttling are not answers to keep: the client should try again.
        guard response.status.code < 500, response.status != .tooManyRequests else {
            try await forget(userID: userID, key: key)
            return response
        }
        let collector = BodyCollector()
        var response = response
        try await response.body.write(collector.writer)
        let bytes = await collector.buffer.bytes
        let status = Int64(response.status.code)
        try await database.transaction { executor in
            try await executor.execute(
                "UPDATE pp_idempotency_keys SET state = 'done', status_code = ?, response_body = ? WHERE user_id = ? AND key = ? AND state = 'in_flight'",
                [.integer(status), .text(String(decoding: bytes, as: UTF8.self)), .text(userID), .text(key)])
        }
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return response
    }

    private func forget(userID: String, key: String) async throws {
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM pp_idempotency_keys WHERE user_id = ? AND key = ?", [.text(userID), .text(key)])
        }
    }

    static func hash(method: String, path: String, body: ByteBuffer) -> String {
        var hasher = SHA256()
        hasher.update(data: Array("\(method) \(path)\n".utf8))
        hasher.update(data: Array(body.readableBytesView))
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// Collects a response body that is about to be stored and sent again.
private struct BodyCollector {
    actor Buffer {
        var bytes: [UInt8] = []
        func append(_ buffer: ByteBuffer) { bytes += buffer.readableBytesView }
    }

    struct Writer: ResponseBodyWriter {
        let buffer: Buffer
        mutating func write(_ buffer: ByteBuffer) async throws { await self.buffer.append(buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    let buffer = Buffer()
    var writer: Writer { Writer(buffer: buffer) }
}
