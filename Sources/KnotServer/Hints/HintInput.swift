import HearthCore
import HearthServer
import Hummingbird

/// The body of `POST /api/v1/hints` (spec §5.3).
struct HintInput: Sendable, Hashable {
    /// `MAX_HINT_LENGTH` [FACT], counted in Unicode scalars after trimming.
    static let maxLength = 500
    static let sources = ["text_input", "voice_transcription"]
    /// Room for 500 scalars even when each is written as JSON escapes.
    static let maxBodyBytes = 16 * 1024

    var hintText: String
    var source: String

    init(hintText: String, source: String = "text_input") {
        self.hintText = hintText
        self.source = source
    }

    init(_ body: BodyFields) throws {
        guard let text = body.value("hint_text") else { throw APIError.invalidField("hint_text", "Field required") }
        hintText = try body.nonEmpty(text.value, "hint_text", maxLength: Self.maxLength)
        source = try body.optionalChoice("source", Self.sources) ?? "text_input"
    }

    static func read(_ request: Request, context: HearthRequestContext) async throws -> HintInput {
        try HintInput(try await KnotRequestBody.object(request, context: context, limit: maxBodyBytes))
    }
}

/// `limit` and `offset` of `GET /api/v1/hints` [PROPOSAL defaults]: 1…100 (50), ≥ 0 (0).
struct HintPage: Sendable, Hashable {
    static let limits: ClosedRange<Int> = 1...100
    static let defaultLimit = 50
    /// Far past any real list; keeps the arithmetic of a huge offset harmless.
    static let maxOffset = 1_000_000_000

    var limit: Int
    var offset: Int

    init(limit: Int = defaultLimit, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    init(query: [String: String]) throws {
        limit = try Self.number(query["limit"], name: "limit", in: Self.limits) ?? Self.defaultLimit
        offset = try Self.number(query["offset"], name: "offset", in: 0...Self.maxOffset) ?? 0
    }

    static func number(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text) else { throw APIError.invalidQuery(name, "Input should be a valid integer") }
        guard range.contains(value) else {
            throw APIError.invalidQuery(name, "Input should be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }
}
