import GRPCCore

/// Who is calling, as the auth interceptor resolved it (spec §2.2): a verified user, or
/// nobody on optional-auth and public RPCs. Handlers read ``current``.
public enum Principal: Sendable, Hashable {
    case anonymous
    case user(VerifiedCaller)

    /// The principal of the RPC being handled; set by ``AuthInterceptor`` only.
    @TaskLocal public static var current: Principal = .anonymous

    /// The caller of an RPC that requires authentication.
    static func requireCaller() throws(RPCError) -> VerifiedCaller {
        guard case .user(let caller) = current else {
            throw RPCError(code: .unauthenticated, message: "authorization: a bearer token is required")
        }
        return caller
    }
}

/// A user whose token was verified: `user_id = sub`; `email` and `name` only seed the user
/// row when it is first created (missing claims → "").
public struct VerifiedCaller: Sendable, Hashable {
    public let userID: String
    public let email: String
    public let name: String

    public init(userID: String, email: String = "", name: String = "") {
        self.userID = userID
        self.email = email
        self.name = name
    }
}
