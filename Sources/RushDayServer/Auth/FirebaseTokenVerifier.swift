import AsyncHTTPClient
import Foundation
import HearthCore
import HearthIdentity

/// Production tokens (spec §2.2): RS256 Firebase ID tokens, checked by HearthIdentity's
/// OpenID Connect verifier against Google's published securetoken keys (cached), with
/// `aud` = the project id and `iss` = `https://securetoken.google.com/<project id>`.
public struct FirebaseTokenVerifier: TokenVerifier {
    let verifier: OpenIDConnectVerifier

    public init(projectID: String, keySetURL: String, http: HTTPClient, clock: any WallClock) {
        let configuration = OpenIDConnectVerifier.Configuration(
            keySetURL: keySetURL, issuers: ["https://securetoken.google.com/\(projectID)"], audiences: [projectID],
            nonce: .unchecked)
        verifier = OpenIDConnectVerifier(configuration: configuration, http: http, clock: clock)
    }

    public func verify(_ token: String) async throws(TokenRejection) -> VerifiedCaller {
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(identityToken: token, nonce: nil)
        } catch {
            throw Self.rejection(error)
        }
        let subject = try TokenRejection.checkSubject(identity.subject)
        // The signature is verified; the display name is read from the same payload.
        return VerifiedCaller(userID: subject, email: identity.email ?? "", name: Self.nameClaim(of: token) ?? "")
    }

    static func rejection(_ failure: IdentityTokenFailure) -> TokenRejection {
        switch failure {
        case .badSignature, .unknownKey: .badSignature
        case .expired: .expired
        case .issuedInTheFuture: .issuedInTheFuture
        case .wrongIssuer: .wrongIssuer
        case .wrongAudience: .wrongAudience
        case .noSubject: .badSubject
        case .keysUnavailable, .notConfigured: .keysUnavailable
        default: .malformed
        }
    }

    /// The `name` claim of a compact JWS whose signature was already checked.
    static func nameClaim(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["name"] as? String
    }
}
