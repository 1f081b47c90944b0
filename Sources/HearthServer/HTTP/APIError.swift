import HearthCore
import HTTPTypes

/// An error meant for the client: a status, a machine code and a message saying what to
/// do. Each app's ``ErrorResponseFormat`` decides how it is written.
public struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var code: HearthErrorCode
    public var message: String
    /// Extra response headers (for example `Retry-After`).
    public var headers: HTTPFields
    /// Extra string fields an app's error format may add to the body (for example
    /// PantryPal's `limit` and `upgradeRequired`); Hearth's own format ignores them.
    public var details: [String: String]

    public init(
        _ status: HTTPResponse.Status, code: HearthErrorCode, message: String, headers: HTTPFields = [:],
        details: [String: String] = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.details = details
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public static func badRequest(_ message: String) -> APIError {
        APIError(.badRequest, code: .badRequest, message: message)
    }

    /// A body that is not JSON at all (syntax, encoding, duplicate keys, limits).
    public static func invalidJSON(_ failure: JSONParser.Failure) -> APIError {
        APIError(.badRequest, code: .invalidJSON, message: "The body is not valid JSON: \(failure)")
    }

    public static func validation(_ message: String) -> APIError {
        APIError(.unprocessableContent, code: .validationFailed, message: message)
    }

    public static func notFound(_ message: String = "Not found") -> APIError {
        APIError(.notFound, code: .notFound, message: message)
    }

    public static func forbidden(_ message: String) -> APIError {
        APIError(.forbidden, code: .forbidden, message: message)
    }

    public static func payloadTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: .payloadTooLarge, message: "The request body is larger than \(limit) bytes")
    }

    public static func rateLimited(retryAfterSeconds: Int) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(
            .tooManyRequests, code: .rateLimited,
            message: "Too many requests; try again in \(retryAfterSeconds) s", headers: headers)
    }
}
