import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// bcrypt password hashing, run on a thread pool so the slow work never blocks the
/// server's event loops or the cooperative pool.
///
/// bcrypt reads only the first 72 bytes of its input, so passwords are first reduced to
/// the base64 of their SHA-256 (44 bytes) and every byte of a long password counts. Such
/// hashes carry the prefix `sha256+`; a plain bcrypt hash (imported from an older system)
/// still verifies, and ``needsRehash(_:)`` says to replace it after a successful login.
public struct PasswordHasher: Sendable {
    /// At least 10 in production; tests may go lower to stay fast.
    public let cost: UInt8
    private let threadPool: NIOThreadPool
    static let prehashedPrefix = "sha256+"

    public init(cost: Int, threadPool: NIOThreadPool) {
        self.cost = UInt8(clamping: cost)
        self.threadPool = threadPool
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        let input = Self.prehash(password)
        return try await Self.prehashedPrefix + threadPool.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    /// `false` for a wrong password and for a hash that is not bcrypt.
    public func verify(_ password: String, against hash: String) async throws -> Bool {
        if hash.hasPrefix(Self.prehashedPrefix) {
            let input = Self.prehash(password)
            let bcrypt = String(hash.dropFirst(Self.prehashedPrefix.count))
            return try await threadPool.runIfActive { Bcrypt.verify(input, hash: bcrypt) }
        }
        return try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Spends the time of a verification without anything to verify against, so an
    /// unknown account or one without a password answers as slowly as a wrong password.
    public func verifyNothing(_ password: String) async throws {
        _ = try await hash(password)
    }

    public func needsRehash(_ hash: String) -> Bool { !hash.hasPrefix(Self.prehashedPrefix) }

    static func prehash(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }
}
