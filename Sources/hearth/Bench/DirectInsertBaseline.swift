import Foundation
import GRDB

/// The floor under Hearth's document writes on SQLite: the rows one new document costs
/// (the document, its access row, one feed entry per reader, its idempotency record)
/// inserted with GRDB directly — prepared statements, no rules, no HTTP, no async hops —
/// in transactions of `batch`, with the same durability (WAL, `synchronous = FULL`).
struct DirectInsertBaseline {
    let path: String
    let documents: Int
    let batch: Int
    let audience: Int

    /// Documents per second.
    func run() throws -> Double {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let readers = (0..<audience).map { "user-\($0)" }
        let body = #"{"title":"benchmark document","quantity":3,"done":false}"#
        let access = "[" + readers.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let start = ContinuousClock.now
        var written = 0
        while written < documents {
            let count = min(batch, documents - written)
            let first = written
            try queue.write { db in
                let document = try db.cachedStatement(
                    sql: """
                        INSERT INTO hearth_documents (app, id, collection, body, version, seq, updated_at, client_updated_at,
                            updated_by, deleted, access) VALUES ('baseline', ?, 'bench', ?, 1, ?, ?, ?, 'user-0', 0, ?)
                        """)
                let accessRow = try db.cachedStatement(
                    sql: "INSERT INTO hearth_document_access (app, doc_id, user_id, collection) VALUES ('baseline', ?, ?, 'bench')")
                let feedEntry = try db.cachedStatement(
                    sql: """
                        INSERT INTO hearth_feed (app, user_id, doc_id, collection, op, seq, recorded_at)
                        VALUES ('baseline', ?, ?, 'bench', 'upsert', ?, ?)
                        """)
                let mutation = try db.cachedStatement(
                    sql: """
                        INSERT INTO hearth_applied_mutations (app, user_id, mutation_id, result, applied_at)
                        VALUES ('baseline', 'user-0', ?, '{"status":"applied"}', ?)
                        """)
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                for index in first..<(first + count) {
                    let id = "baseline:\(index)"
                    let seq = Int64(1_000_000_000 + index)
                    try document.execute(arguments: [id, body, seq, now, now, access])
                    for reader in readers {
                        try accessRow.execute(arguments: [id, reader])
                        try feedEntry.execute(arguments: [reader, id, seq, now])
                    }
                    try mutation.execute(arguments: ["m-\(index)", now])
                }
            }
            written += count
        }
        return Double(documents) / (ContinuousClock.now - start).seconds
    }
}
