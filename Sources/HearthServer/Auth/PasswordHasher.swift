import HummingbirdBcrypt
import NIOPosix

/// bcrypt password hashing, run on a thread pool so the slow work never blocks the
/// server's event loops or the cooperative pool.
public struct PasswordHasher: Sendable {
    /// At least 10 in production; tests may go lower to stay fast.
    public let cost: UInt8
    private let threadPool: NIOThreadPool

    public init(cost: Int, threadPool: NIOThreadPool) {
        self.cost = UInt8(clamping: cost)
        self.threadPool = threadPool
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// `false` for a wrong password and for a hash that is not bcrypt.
    public func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
