import HearthCore

/// A local change waiting to reach the server: one HTTP request, kept with the key that
/// makes a replay of it apply once (`Idempotency-Key`), in the order it was made.
public struct PendingAction: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case createProduct
        case createLocation
        case createInventory
        case adjustQuantity
        case deleteInventory
        case checkout
        case addGrocery
        case removeGrocery

        /// Whether the action brings its entity into being on the server.
        public var createsEntity: Bool {
            switch self {
            case .createProduct, .createLocation, .createInventory, .addGrocery: true
            case .adjustQuantity, .deleteInventory, .checkout, .removeGrocery: false
            }
        }
    }

    /// FIFO position in the queue.
    public var position: Int64
    /// Sent as `Idempotency-Key`; stays the same on every attempt.
    public var idempotencyKey: String
    public var kind: Kind
    /// Which local entity the action protects from pulled changes until it is answered.
    public var entity: EntityKey
    public var method: String
    /// Relative to the API base, e.g. `inventory/<id>/quantity`.
    public var path: String
    public var body: JSONValue?
    public var createdAt: Timestamp
    /// How many times it was sent without a final answer (its body is frozen from then on).
    public var attempts: Int
    public var lastError: String?
    /// When it was first sent (`nil` while unsent).
    public var firstAttemptAt: Timestamp?

    public init(
        position: Int64 = 0, idempotencyKey: String, kind: Kind, entity: EntityKey, method: String, path: String, body: JSONValue?,
        createdAt: Timestamp, attempts: Int = 0, lastError: String? = nil, firstAttemptAt: Timestamp? = nil
    ) {
        self.position = position
        self.idempotencyKey = idempotencyKey
        self.kind = kind
        self.entity = entity
        self.method = method
        self.path = path
        self.body = body
        self.createdAt = createdAt
        self.attempts = attempts
        self.lastError = lastError
        self.firstAttemptAt = firstAttemptAt
    }

    /// The server remembers an `Idempotency-Key` for 24 hours. An adjustment or checkout
    /// first sent longer ago than this, still without an answer, may already have been
    /// applied and would apply again if resent; it is dropped and the server's state kept.
    /// (Creates carry client ids and deletes are idempotent, so they are always resent.)
    public static let replayWindowSeconds: Int64 = 23 * 3600

    /// Whether resending could apply the change twice (see ``replayWindowSeconds``).
    public func isPastReplayWindow(at now: Timestamp) -> Bool {
        guard kind == .adjustQuantity || kind == .checkout, attempts > 1, let first = firstAttemptAt else { return false }
        return first < now.adding(seconds: -Self.replayWindowSeconds)
    }

    /// Never sent, so its body may still change (folding) or it may be withdrawn.
    public var isUnsent: Bool { attempts == 0 }
}

/// Names one synced entity: its change-feed type and its local id (the client-generated
/// UUID; for grocery entries the normalized name).
public struct EntityKey: Sendable, Hashable, Codable {
    public enum EntityType: String, Sendable, Hashable, Codable {
        case product, inventory, location, grocery
    }

    public var type: EntityType
    public var id: String

    public init(_ type: EntityType, _ id: String) {
        self.type = type
        self.id = id
    }
}

extension EntityKey {
    /// What a checkout of a product unknown on this device is queued under: no local row
    /// was taken, only the scanned code is known.
    public static func scannedUPC(_ upc: String) -> EntityKey { EntityKey(.product, "upc:\(upc)") }
}
