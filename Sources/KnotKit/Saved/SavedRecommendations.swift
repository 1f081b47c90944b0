import HearthCore

/// The user's saved recommendations: saving one tells the server (feedback `saved`, which
/// also teaches the engine) and keeps a copy on this device, so the list opens offline.
public actor SavedRecommendations {
    let recommendations: RecommendationService
    let store: any SavedRecommendationStore
    let clock: any WallClock

    init(recommendations: RecommendationService, store: any SavedRecommendationStore, clock: any WallClock) {
        self.recommendations = recommendations
        self.store = store
        self.clock = clock
    }

    /// Saves a fresh recommendation: the server records it first, then this device keeps it.
    @discardableResult
    public func save(_ recommendation: Recommendation) async throws -> SavedRecommendation {
        try await recommendations.feedback(recommendation.id, action: .saved)
        return try keep(SavedRecommendation(recommendation, savedAt: clock.now.iso8601))
    }

    /// Saves a recommendation known only by id (e.g. from a shared link), read from the server.
    @discardableResult
    public func save(id: String) async throws -> SavedRecommendation {
        let stored = try await recommendations.recommendation(id)
        try await recommendations.feedback(stored.id, action: .saved)
        return try keep(SavedRecommendation(stored, savedAt: clock.now.iso8601))
    }

    /// Everything saved on this device, newest first.
    public func all() throws -> [SavedRecommendation] {
        try store.load()
    }

    public func contains(_ id: String) throws -> Bool {
        try store.load().contains { $0.id == id }
    }

    /// Forgets a saved recommendation on this device (the server keeps its feedback history).
    public func remove(_ id: String) throws {
        try store.replace(with: try store.load().filter { $0.id != id })
    }

    /// Forgets everything (signing out, deleting the account).
    public func removeAll() throws {
        try store.replace(with: [])
    }

    private func keep(_ saved: SavedRecommendation) throws -> SavedRecommendation {
        try store.replace(with: [saved] + (try store.load().filter { $0.id != saved.id }))
        return saved
    }
}
