import Foundation

/// The partner's hints (spec §5.3): add, list newest first, remove.
public struct HintService: Sendable {
    let api: KnotAPI

    /// Stores a hint; refused before sending when it is blank or longer than ``Hint/maxLength``.
    @discardableResult
    public func add(_ text: String, source: Hint.Source = .textInput) async throws -> Hint {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw KnotError.invalid(field: "hint_text", message: "A hint cannot be empty") }
        guard trimmed.unicodeScalars.count <= Hint.maxLength else {
            throw KnotError.invalid(field: "hint_text", message: "A hint has at most \(Hint.maxLength) characters")
        }
        return try await api.json(Hint.self, .post, "hints", body: ["hint_text": trimmed, "source": source.rawValue])
    }

    /// A page of hints, newest first (`limit` 1…100).
    public func list(limit: Int = 50, offset: Int = 0) async throws -> HintPage {
        try await api.json(HintPage.self, .get, "hints", query: ["limit": String(limit), "offset": String(offset)])
    }

    /// Deletes a hint for good; ``KnotError/notFound(detail:)`` when it is not there.
    public func remove(id: String) async throws {
        try await api.send(.delete, "hints/" + KnotAPI.segment(id))
    }
}
