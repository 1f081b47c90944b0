/// Something the partner let slip, kept to inspire recommendations (spec §5.3).
public struct Hint: Codable, Sendable, Hashable {
    public var id: String
    public var hintText: String
    /// `text_input` or `voice_transcription`.
    public var source: String
    /// Whether a recommendation drew on it.
    public var isUsed: Bool
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, hintText = "hint_text", source, isUsed = "is_used", createdAt = "created_at"
    }

    /// How a hint was captured.
    public enum Source: String, Codable, Sendable, CaseIterable {
        case textInput = "text_input"
        case voiceTranscription = "voice_transcription"
    }

    /// The longest hint the server keeps, in characters after trimming (`MAX_HINT_LENGTH`).
    public static let maxLength = 500
}

/// One page of hints, newest first, and how many there are in all.
public struct HintPage: Codable, Sendable, Hashable {
    public var hints: [Hint]
    public var total: Int
}
