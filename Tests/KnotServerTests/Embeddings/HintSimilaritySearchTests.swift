import HearthCore
import HearthStore
import HearthTesting
import Logging
import Testing

@testable import KnotServer

/// A provider that never answers, as an unreachable model server would.
struct FailingEmbeddingProvider: EmbeddingProvider {
    var modelID: String { "failing" }
    func embed(_ text: String) async -> [Float]? { nil }
}

/// A provider answering fixed vectors by text, so similarities are known in advance.
struct TableEmbeddingProvider: EmbeddingProvider {
    let modelID: String
    let table: [String: [Float]]
    func embed(_ text: String) async -> [Float]? { table[text] }

    /// A 768-vector with `values` at the start, zeros after.
    static func vector(_ values: Float...) -> [Float] { values + [Float](repeating: 0, count: 768 - values.count) }
}

/// Hint retrieval (spec §11, §6.2): cosine over stored float32 blobs, in process, ranked the
/// same way on both engines.
@Suite struct HintSimilaritySearchTests {
    typealias F = KnotAPIFixtures
    static let user = "00000000-0000-4000-8000-00000000000a"

    /// A user with the example vault and a clock that moves one second per hint.
    static func vault(_ database: any HearthDatabase) async throws -> String {
        try await F.insertUser(user, email: "s@example.com", on: database)
        return try await VaultStore(database: database, clock: ManualWallClock()).create(userID: user, input: try F.input())
    }

    static func add(
        _ texts: [String], vaultID: String, provider: any EmbeddingProvider, database: any HearthDatabase, clock: ManualWallClock
    )
        async throws -> [StoredHint]
    {
        let store = HintStore(database: database, clock: clock)
        var hints: [StoredHint] = []
        for text in texts {
            clock.advance(seconds: 1)
            hints.append(
                try await store.add(
                    vaultID: vaultID, input: HintInput(hintText: text), embedding: await provider.embed(text), modelID: provider.modelID))
        }
        return hints
    }

    // Spec §13 case 69.
    @Test(arguments: TestEngine.available)
    func theHintSharingAQueryWordRanksFirstAndWithoutAQueryVectorNewestComeFirst(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            let vaultID = try await Self.vault(database)
            let local = LocalHashEmbeddingProvider()
            let clock = ManualWallClock()
            let hints = try await Self.add(
                ["she wants a pottery class", "new running shoes"], vaultID: vaultID, provider: local, database: database, clock: clock)
            let search = HintSimilaritySearch(database: database, embeddings: local, logger: .quietTestLogger)
            let ranked = await search.relevantHints(vaultID: vaultID, queryText: "Birthday (birthday). Interests: pottery, Travel")
            #expect(ranked.first?.hint.id == hints[0].id)
            #expect((ranked.first?.similarity ?? 0) > 0)

            let fallback = HintSimilaritySearch(database: database, embeddings: FailingEmbeddingProvider(), logger: .quietTestLogger)
            let newest = await fallback.relevantHints(vaultID: vaultID, queryText: "pottery")
            #expect(newest.map(\.hint.id) == [hints[1].id, hints[0].id])
            #expect(newest.allSatisfy { $0.similarity == 0.0 })
        }
    }

    @Test(arguments: TestEngine.available)
    func equalSimilaritiesRankNewerFirstAndOtherModelsAndNullVectorsAreIgnored(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            let vaultID = try await Self.vault(database)
            let v = TableEmbeddingProvider.vector
            let provider = TableEmbeddingProvider(
                modelID: "table",
                table: [
                    "close old": v(1, 0), "close new": v(2, 0), "half": v(1, 1), "opposite": v(-1, 0), "query": v(1, 0),
                ])
            let clock = ManualWallClock()
            let hints = try await Self.add(
                ["close old", "half", "close new", "opposite", "no vector"], vaultID: vaultID, provider: provider, database: database,
                clock: clock)
            // A hint of another model with the very same vector must not be compared.
            let other = TableEmbeddingProvider(modelID: "other", table: ["close other": v(1, 0)])
            _ = try await Self.add(["close other"], vaultID: vaultID, provider: other, database: database, clock: clock)

            let search = HintSimilaritySearch(database: database, embeddings: provider, logger: .quietTestLogger)
            let ranked = try await search.search(vaultID: vaultID, query: v(1, 0), modelID: "table", limit: 10, threshold: 0.0)
            #expect(ranked.map(\.hint.hintText) == ["close new", "close old", "half"])
            #expect(ranked.map(\.hint.id) == [hints[2].id, hints[0].id, hints[1].id])
            #expect(abs(ranked[2].similarity - 0.5.squareRoot()) < 1e-9)
            let top = try await search.search(vaultID: vaultID, query: v(1, 0), modelID: "table", limit: 1, threshold: 0.0)
            #expect(top.map(\.hint.hintText) == ["close new"])
        }
    }

    @Test(arguments: TestEngine.available)
    func searchScansVaultsLargerThanOneBatchAndKeepsTheBest(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            let vaultID = try await Self.vault(database)
            let count = HintSimilaritySearch.batchSize + 5
            var table: [String: [Float]] = [:]
            for index in 0..<count {
                // Similarity to (1, 0) grows with the index; the last hints are the best.
                table["h\(index)"] = TableEmbeddingProvider.vector(Float(index + 1), Float(count - index))
            }
            let provider = TableEmbeddingProvider(modelID: "table", table: table)
            let clock = ManualWallClock()
            _ = try await Self.add((0..<count).map { "h\($0)" }, vaultID: vaultID, provider: provider, database: database, clock: clock)
            let search = HintSimilaritySearch(database: database, embeddings: provider, logger: .quietTestLogger)
            let ranked = try await search.search(
                vaultID: vaultID, query: TableEmbeddingProvider.vector(1, 0), modelID: "table", limit: 3, threshold: 0)
            #expect(ranked.map(\.hint.hintText) == ["h\(count - 1)", "h\(count - 2)", "h\(count - 3)"])
        }
    }
}
