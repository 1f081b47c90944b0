import Synchronization

/// What one ``DocumentStore/write(_:)`` transaction remembers while it runs:
///
/// - the documents it has read or written, so a batch that consults the same wishlist a
///   hundred times reads it once (valid because no other transaction can write them
///   until this one ends: it holds the write lock, or the documents' own locks, and every
///   document write goes through a ``DocumentWriter``);
/// - its feed numbers;
/// - which users' feeds grew, for the realtime observer.
///
/// A savepoint takes a ``Snapshot`` and restores it when its step is rolled back, so the
/// memory never holds what the database no longer does.
final class WriteTransactionState: Sendable {
    struct Snapshot {
        fileprivate let journalLength: Int
        fileprivate let seqByUser: [String: Int64]
    }

    private struct Contents {
        var documents: [String: StoredDocument?] = [:]
        /// What each change to `documents` replaced, so a savepoint's changes can be undone
        /// without copying the whole cache at every savepoint.
        var journal: [(id: String, previous: StoredDocument??)] = []
        var seqByUser: [String: Int64] = [:]
    }

    private let contents = Mutex(Contents())
    let sequence: FeedSequence
    /// Whether fetching a document locks it (concurrent writers on PostgreSQL).
    let locksDocuments: Bool

    init(sequence: FeedSequence, locksDocuments: Bool) {
        self.sequence = sequence
        self.locksDocuments = locksDocuments
    }

    /// The cached version of `id`: `.some(nil)` when it is known not to exist, `nil` when
    /// it has not been read yet.
    func cached(_ id: String) -> StoredDocument?? {
        contents.withLock { $0.documents[id] }
    }

    func remember(_ document: StoredDocument?, as id: String) {
        contents.withLock { contents in
            let previous = contents.documents.updateValue(document, forKey: id)
            contents.journal.append((id, previous))
        }
    }

    func recordFeedGrowth(users: some Sequence<String>, seq: Int64) {
        contents.withLock { contents in
            for user in users { contents.seqByUser[user] = max(contents.seqByUser[user] ?? 0, seq) }
        }
    }

    var seqByUser: [String: Int64] { contents.withLock { $0.seqByUser } }

    func snapshot() -> Snapshot {
        contents.withLock { Snapshot(journalLength: $0.journal.count, seqByUser: $0.seqByUser) }
    }

    /// Forgets what a rolled-back step did. Feed numbers it took stay used (a gap in the
    /// feed is harmless; reusing a number is not).
    func restore(_ snapshot: Snapshot) {
        contents.withLock { contents in
            while contents.journal.count > snapshot.journalLength, let change = contents.journal.popLast() {
                contents.documents[change.id] = change.previous
            }
            contents.seqByUser = snapshot.seqByUser
        }
    }
}
