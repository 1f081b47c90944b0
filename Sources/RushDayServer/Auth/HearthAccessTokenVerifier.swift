import HearthServer

/// `HEARTH_RD_AUTH=hearth` (the default): access tokens Hearth's own auth core issued to
/// Rush Day accounts (`POST /api/v1/auth/register|login|refresh` on Rush Day's HTTP
/// mount). The account's email and name seed the Rush Day user row.
public struct HearthAccessTokenVerifier: TokenVerifier {
    let tokens: AccessTokens
    let accounts: PasswordAccountStore
    let audience: String

    public init(services: AppServices) {
        tokens = services.accessTokens
        accounts = PasswordAccountStore(app: services.appName, database: services.database, clock: services.clock)
        audience = services.appName
    }

    public func verify(_ token: String) async throws(TokenRejection) -> VerifiedCaller {
        let claims: AccessTokenClaims
        do {
            claims = try await tokens.verify(token, audience: audience)
        } catch {
            switch error {
            case .expired: throw .expired
            case .wrongAudience: throw .wrongAudience
            case .malformedOrForged, .wrongType: throw .badSignature
            }
        }
        let subject = try TokenRejection.checkSubject(claims.sub)
        let account = try? await accounts.account(userID: subject)
        return VerifiedCaller(userID: subject, email: account?.email ?? "", name: account?.name ?? "")
    }
}
