import Crypto
import HearthCore
import HearthIdentity
import Testing

enum SHA256Hex {
    static func of(_ text: String) -> String { SHA256.hash(data: Array(text.utf8)).hexString }
}

/// The two nonce rules: PantryPal's lenient one and GoTrue's (Knot's) strict one.
@Suite struct NoncePolicyTests {
    let raw = "raw123"
    var hashed: String { SHA256Hex.of(raw) }

    @Test func pantryPalAcceptsTheValueOrItsHashAndChecksOnlyWhenBothSidesHaveOne() throws {
        let policy = NoncePolicy.matchingWhenBothPresent
        try policy.check(tokenNonce: raw, callerNonce: raw)
        try policy.check(tokenNonce: hashed, callerNonce: raw)
        try policy.check(tokenNonce: raw, callerNonce: nil)
        try policy.check(tokenNonce: nil, callerNonce: raw)
        #expect(throws: IdentityTokenFailure.nonceMismatch) { try policy.check(tokenNonce: raw, callerNonce: "another") }
        #expect(throws: IdentityTokenFailure.nonceMismatch) { try policy.check(tokenNonce: hashed, callerNonce: hashed + "0") }
    }

    @Test func goTrueWantsBothOrNeitherAndTheHashOfTheRawNonce() throws {
        let policy = NoncePolicy.hashedBothOrNeither
        try policy.check(tokenNonce: nil, callerNonce: nil)
        try policy.check(tokenNonce: "", callerNonce: nil)
        try policy.check(tokenNonce: hashed, callerNonce: raw)
        #expect(throws: IdentityTokenFailure.nonceMismatch) { try policy.check(tokenNonce: raw, callerNonce: raw) }
        #expect(throws: IdentityTokenFailure.nonceMismatch) { try policy.check(tokenNonce: hashed.uppercased(), callerNonce: raw) }
        #expect(throws: IdentityTokenFailure.nonceMissing) { try policy.check(tokenNonce: hashed, callerNonce: nil) }
        #expect(throws: IdentityTokenFailure.nonceMissing) { try policy.check(tokenNonce: nil, callerNonce: raw) }
    }

    @Test func uncheckedIgnoresBothSides() throws {
        try NoncePolicy.unchecked.check(tokenNonce: "a", callerNonce: "b")
        try NoncePolicy.unchecked.check(tokenNonce: nil, callerNonce: "b")
    }
}
