import AsyncHTTPClient
import Foundation
import HearthCore
import JWTKit
import NIOCore

/// Apple's published signing keys (a JWKS), fetched on demand and kept for an hour.
///
/// A key id missing from the cached set causes a refetch, because Apple rotates keys; but
/// downloads start at most once per ``minimumRefetchSeconds``, so tokens with made-up key
/// ids cannot make Hearth hammer Apple. When a refresh fails, the previous keys stay in use.
actor AppleKeySet {
    static let maxBodyBytes = 256 * 1024

    private struct Snapshot: Sendable {
        let keys: JWTKeyCollection
        let keyIDs: Set<String>
        let fetchedAt: Timestamp
    }

    private struct FetchFailure: Error {
        let reason: String
    }

    private let url: String
    private let get: OutboundGet
    private let clock: any WallClock
    private let lifetimeSeconds: Int64
    private let minimumRefetchSeconds: Int64
    private var current: Snapshot?
    private var lastAttempt: Timestamp?
    private var download: Task<Snapshot, any Error>?

    init(
        url: String, http: HTTPClient, timeout: TimeAmount, clock: any WallClock, lifetimeSeconds: Int64 = 3600,
        minimumRefetchSeconds: Int64 = 30
    ) {
        self.url = url
        get = OutboundGet(http: http, timeout: timeout, maxBodyBytes: Self.maxBodyBytes)
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
        self.minimumRefetchSeconds = minimumRefetchSeconds
    }

    /// A collection holding the key `keyID`, fetching Apple's set if needed.
    func keys(for keyID: String) async throws(AppleSignInFailure) -> JWTKeyCollection {
        let now = clock.now
        if let current, current.keyIDs.contains(keyID), now < current.fetchedAt.adding(seconds: lifetimeSeconds) {
            return current.keys
        }
        var refreshFailed = false
        if download != nil || mayStartDownload(at: now) {
            do {
                current = try await refreshed()
            } catch {
                refreshFailed = true
            }
        }
        guard let current else { throw .keysUnavailable }
        guard current.keyIDs.contains(keyID) else {
            throw refreshFailed ? .keysUnavailable : .invalidToken("unknown key id")
        }
        return current.keys
    }

    private func mayStartDownload(at now: Timestamp) -> Bool {
        guard let lastAttempt else { return true }
        return lastAttempt.adding(seconds: minimumRefetchSeconds) <= now
    }

    /// The downloaded set; callers arriving during a download share it.
    private func refreshed() async throws -> Snapshot {
        if let download { return try await download.value }
        let now = clock.now
        lastAttempt = now
        let (url, get) = (url, get)
        let task = Task { try await Self.fetch(url: url, get: get, at: now) }
        download = task
        defer { download = nil }
        return try await task.value
    }

    private static func fetch(url: String, get: OutboundGet, at now: Timestamp) async throws -> Snapshot {
        let response = try await get(url, headers: [("Accept", "application/json")])
        guard response.status == 200 else { throw FetchFailure(reason: "HTTP \(response.status)") }
        let list = try JSONDecoder().decode(KeyList.self, from: Data(response.body.readableBytesView))
        let keys = JWTKeyCollection()
        var keyIDs: Set<String> = []
        for case var jwk? in list.keys.map(\.jwk) where jwk.keyType == .rsa && (jwk.algorithm ?? .rs256) == .rs256 {
            guard let keyID = jwk.keyIdentifier?.string else { continue }
            // Pin the algorithm so a token's own `alg` header never picks how a key is used.
            jwk.algorithm = .rs256
            if (try? await keys.add(jwk: jwk)) != nil { keyIDs.insert(keyID) }
        }
        guard !keyIDs.isEmpty else { throw FetchFailure(reason: "no usable RS256 keys") }
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
