import HTTPTypes

/// An error of `/auth/v1`, written by ``GoTrueErrorMiddleware`` in the shape the request's
/// API version asks for (research doc §3). Codes and messages are GoTrue's, since both
/// SDKs branch on the codes.
struct GoTrueError: Error, Sendable, Hashable {
    enum Shape: Sendable, Hashable {
        case standard
        /// 422 `weak_password` with `"weak_password": {"reasons": […]}`.
        case weakPassword(reasons: [String])
        /// GoTrue's OAuth shape `{"error", "error_description"}` (always 400, no code).
        case oauth(error: String)
    }

    var status: HTTPResponse.Status
    var code: String
    var message: String
    var shape: Shape = .standard
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, shape: Shape = .standard, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.shape = shape
        self.headers = headers
    }

    static func validation(_ message: String) -> GoTrueError { GoTrueError(.badRequest, "validation_failed", message) }

    static func badJSON(_ reason: String) -> GoTrueError {
        GoTrueError(.badRequest, "bad_json", "Could not parse request body as JSON: \(reason)")
    }

    static let invalidCredentials = GoTrueError(.badRequest, "invalid_credentials", "Invalid login credentials")
    static let emailNotConfirmed = GoTrueError(.badRequest, "email_not_confirmed", "Email not confirmed")
    static let invalidEmail = validation("Unable to validate email address: invalid format")
    static let noAuthorization = GoTrueError(.unauthorized, "no_authorization", "This endpoint requires a valid Bearer token")
    static let sessionNotFound = GoTrueError(.forbidden, "session_not_found", "Session from session_id claim in JWT does not exist")
    static let userNotFoundFromToken = GoTrueError(.forbidden, "user_not_found", "User from sub claim in JWT does not exist")
    static let otpExpired = GoTrueError(.forbidden, "otp_expired", "Token has expired or is invalid")
    static let linkExpired = GoTrueError(.forbidden, "otp_expired", "Email link is invalid or has expired")
    static let userNotFound = GoTrueError(.notFound, "user_not_found", "User not found")
    static let emailExists = GoTrueError(.unprocessableContent, "email_exists", "A user with this email address has already been registered")
    static let mailFailed = GoTrueError(.internalServerError, "unexpected_failure", "Error sending email")

    static func badJWT(_ reason: String) -> GoTrueError {
        GoTrueError(.forbidden, "bad_jwt", "invalid JWT: unable to parse or verify signature, \(reason)")
    }

    static func weakPassword(minimum: Int) -> GoTrueError {
        GoTrueError(
            .unprocessableContent, "weak_password", "Password should be at least \(minimum) characters.", shape: .weakPassword(reasons: ["length"]))
    }

    /// An id-token failure in GoTrue's OAuth shape (research doc §3.2, §5.3).
    static func oauth(_ description: String, error: String = "invalid request") -> GoTrueError {
        GoTrueError(.badRequest, "", description, shape: .oauth(error: error))
    }

    static func emailRateLimited(retryAfterSeconds: Int64) -> GoTrueError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return GoTrueError(
            .tooManyRequests, "over_email_send_rate_limit",
            "For security purposes, you can only request this after \(retryAfterSeconds) seconds.", headers: headers)
    }
}
