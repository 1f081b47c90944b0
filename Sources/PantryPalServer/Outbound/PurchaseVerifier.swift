import HearthCore

/// A purchase as Apple reports it (never as the client claims it, W12).
struct VerifiedPurchase: Sendable, Hashable {
    var transactionID: String
    var originalTransactionID: String
    var productID: String
    var expiresAt: Timestamp?
    var revokedAt: Timestamp?
    var environment: String
}

enum PurchaseVerificationFailure: Error, Sendable, Equatable {
    /// No App Store Server API credentials are configured: nothing can be verified.
    case notConfigured
    /// Apple does not know the transaction, or its signature does not check out.
    case invalid
    /// Apple could not be reached.
    case unavailable
}

/// Checks a transaction with the App Store Server API.
protocol PurchaseVerifier: Sendable {
    func verify(transactionID: String) async throws(PurchaseVerificationFailure) -> VerifiedPurchase
}

/// What a server without App Store credentials has: every purchase is refused, so premium
/// can never come from a client's claim.
struct UnconfiguredPurchaseVerifier: PurchaseVerifier {
    func verify(transactionID: String) async throws(PurchaseVerificationFailure) -> VerifiedPurchase {
        throw .notConfigured
    }
}
