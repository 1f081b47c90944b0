import AsyncHTTPClient
import Foundation
import HearthCore
import JWTKit
import NIOCore

/// A provider's published signing keys (a JWKS), fetched on demand and kept for
/// ``lifetimeSeconds`` (an hour by default).
///
/// A key id missing from the cached set causes one refetch, because providers rotate
/// keys; but downloads start at most once per ``minimumRefetchSeconds``, so tokens with
/// made-up key ids cannot make Hearth hammer the provider. When a refresh fails, the
/// previous keys stay in use. Concurrent callers share one download.
actor JSONWebKeySet {
    private struct Snapshot: Sendable {
        let keys: JWTKeyCollection
        let keyIDs: Set<String>
        let fetchedAt: Timestamp
    }

    private let url: String
    private let download: KeySetDownload
    private let clock: any WallClock
    private let lifetimeSeconds: Int64
    private let minimumRefetchSeconds: Int64
    private var current: Snapshot?
    private var lastAttempt: Timestamp?
    private var inFlight: Task<Snapshot, any Error>?

    init(url: String, http: HTTPClient, timeout: TimeAmount, clock: any WallClock, lifetimeSeconds: Int64, minimumRefetchSeconds: Int64) {
        self.url = url
        download = KeySetDownload(http: http, timeout: timeout)
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
        self.minimumRefetchSeconds = minimumRefetchSeconds
    }

    /// A collection holding the key `keyID`, fetching the set if needed.
    func keys(for keyID: String) async throws(IdentityTokenFailure) -> JWTKeyCollection {
        let now = clock.now
        if let current, current.keyIDs.contains(keyID), now < current.fetchedAt.adding(seconds: lifetimeSeconds) {
            return current.keys
        }
        var refreshFailed = false
        if inFlight != nil || mayStartDownload(at: now) {
            do {
                current = try await refreshed()
            } catch {
                refreshFailed = true
            }
        }
        guard let current else { throw .keysUnavailable }
        guard current.keyIDs.contains(keyID) else { throw refreshFailed ? .keysUnavailable : .unknownKey }
        return current.keys
    }

    private func mayStartDownload(at now: Timestamp) -> Bool {
        guard let lastAttempt else { return true }
        return lastAttempt.adding(seconds: minimumRefetchSeconds) <= now
    }

    private func refreshed() async throws -> Snapshot {
        if let inFlight { return try await inFlight.value }
        let now = clock.now
        lastAttempt = now
        let (url, download) = (url, download)
        let task = Task { try await Self.fetch(url: url, download: download, at: now) }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private static func fetch(url: String, download: KeySetDownload, at now: Timestamp) async throws -> Snapshot {
        let body = try await download(url)
        let list = try JSONDecoder().decode(KeyList.self, from: Data(body.readableBytesView))
        let keys = JWTKeyCollection()
        var keyIDs: Set<String> = []
        for case var jwk? in list.keys.map(\.jwk) where jwk.keyType == .rsa && (jwk.algorithm ?? .rs256) == .rs256 {
            guard let keyID = jwk.keyIdentifier?.string else { continue }
            // Pin the algorithm so a token's own `alg` header never picks how a key is used.
            jwk.algorithm = .rs256
            if (try? await keys.add(jwk: jwk)) != nil { keyIDs.insert(keyID) }
        }
        guard !keyIDs.isEmpty else { throw KeySetDownload.Failure(reason: "no usable RS256 keys") }
        return Snapshot(keys: keys, keyIDs: keyIDs, fetchedAt: now)
    }
}

/// A JWKS whose unreadable entries (unknown key types) are skipped instead of failing the set.
private struct KeyList: Decodable {
    struct Entry: Decodable {
        let jwk: JWK?
        init(from decoder: any Decoder) throws { jwk = try? JWK(from: decoder) }
    }

    let keys: [Entry]
}
