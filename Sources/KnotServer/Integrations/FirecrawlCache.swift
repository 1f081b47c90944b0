import HearthCore
import Synchronization

/// The 24 h in-memory cache of scraped pages, per URL (spec §10.1: `CACHE_TTL_SECONDS =
/// 86400`). Shared by every run of one ``CuratedContentClient``; only successful scrapes
/// are stored.
final class FirecrawlCache: Sendable {
    static let ttlSeconds: Int64 = 86_400

    private struct Entry {
        var markdown: String
        var storedAt: Timestamp
    }

    private let entries = Mutex<[String: Entry]>([:])
    let clock: any WallClock

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// The markdown stored for `url` less than 24 h ago.
    func markdown(for url: String) -> String? {
        let now = clock.now
        return entries.withLock { entries in
            guard let entry = entries[url] else { return nil }
            guard now < entry.storedAt.adding(seconds: Self.ttlSeconds) else {
                entries[url] = nil
                return nil
            }
            return entry.markdown
        }
    }

    func store(_ markdown: String, for url: String) {
        let now = clock.now
        entries.withLock { $0[url] = Entry(markdown: markdown, storedAt: now) }
    }
}
