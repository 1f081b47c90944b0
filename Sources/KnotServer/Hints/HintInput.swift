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
