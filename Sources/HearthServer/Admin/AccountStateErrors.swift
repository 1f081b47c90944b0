import HearthCore
import HTTPTypes

extension HearthErrorCode {
    /// The account was disabled by the server's operator.
    public static let accountDisabled = HearthErrorCode("ACCOUNT_DISABLED")
    /// The access token belongs to a session the server ended (a password reset, an
    /// operator's decision); signing in again starts a new one.
    public static let sessionEnded = HearthErrorCode("SESSION_ENDED")
}

extension APIError {
    /// What a disabled account gets, in its app's error format: 401 where a token is
    /// presented (so clients sign out), 403 when signing in with the right password.
    public static func accountDisabled(status: HTTPResponse.Status) -> APIError {
        APIError(
            status, code: .accountDisabled,
            message: "This account has been disabled by the server's operator; contact them to have it enabled again",
            headers: status == .unauthorized ? [.wwwAuthenticate: "Bearer"] : [:])
    }

    /// An access token issued before its account's sessions were ended.
    public static let sessionEnded = APIError(
        .unauthorized, code: .sessionEnded, message: "This session has ended; sign in again", headers: [.wwwAuthenticate: "Bearer"])
}
