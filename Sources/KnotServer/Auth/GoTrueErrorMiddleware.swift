import Foundation
import HearthCore
import HearthServer
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Writes every error of `/auth/v1` as GoTrue does (research doc §3.1), whatever raised it:
///
/// - a request naming `X-Supabase-Api-Version` 2024-01-01 or later (both SDKs do) gets
///   that header back and `{"code": "<snake_case>", "message": "…"}`;
/// - any other request gets the legacy `{"code": <status>, "error_code", "msg"}` and
///   `x-sb-error-code` (plus `error_id` for a 5xx);
/// - id-token failures keep GoTrue's OAuth shape `{"error", "error_description"}`.
///
/// Platform errors (throttles, body limits, unreadable JSON) are given GoTrue's codes.
struct GoTrueErrorMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext

    static let versionHeader = AuthHeaderName.apiVersion
    static let errorCodeHeader = AuthHeaderName.errorCode
    static let currentVersion = "2024-01-01"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as GoTrueError {
            return Self.response(for: error, versioned: Self.isVersioned(request))
        } catch {
            return Self.response(for: Self.translate(error, logger: context.logger), versioned: Self.isVersioned(request))
        }
    }

    /// Whether the request names API version 2024-01-01 or later (a well-formed
    /// `YYYY-MM-DD`; anything else means the initial version, as in GoTrue).
    static func isVersioned(_ request: Request) -> Bool {
        guard let value = request.headers[versionHeader]?.trimmingCharacters(in: .whitespaces) else { return false }
        let bytes = Array(value.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({ [4, 7].contains($0.offset) || (0x30...0x39).contains($0.element) }),
            let month = Int(value.dropFirst(5).prefix(2)), let day = Int(value.suffix(2)), (1...12).contains(month), (1...31).contains(day)
        else { return false }
        return value >= currentVersion
    }

    static func response(for error: GoTrueError, versioned: Bool) -> Response {
        var headers = error.headers
        if case .oauth(let oauthError) = error.shape {
            return Response.json(["error": .string(oauthError), "error_description": .string(error.message)], status: .badRequest, headers: headers)
        }
        var body: [String: JSONValue]
        if versioned {
            headers[versionHeader] = currentVersion
            body = ["code": .string(error.code), "message": .string(error.message)]
        } else {
            headers[errorCodeHeader] = error.code
            body = ["code": .int(Int64(error.status.code)), "error_code": .string(error.code), "msg": .string(error.message)]
            if error.status.code >= 500 { body["error_id"] = .string(AuthIDs.make()) }
        }
        if case .weakPassword(let reasons) = error.shape {
            body["weak_password"] = ["reasons": .array(reasons.map { .string($0) })]
        }
        return Response.json(.object(body), status: error.status, headers: headers)
    }

    /// GoTrue's code for an error raised outside the auth routes' own code.
    static func translate(_ error: any Error, logger: Logger) -> GoTrueError {
        switch error {
        case let error as APIError:
            var translated = GoTrueError(error.status, code(for: error), error.message, headers: error.headers)
            if error.code == .invalidJSON { translated.message = "Could not parse request body as JSON: \(error.message)" }
            return translated
        case let error as HTTPError:
            return GoTrueError(error.status, code(forStatus: error.status), error.body ?? error.status.reasonPhrase, headers: error.headers)
        case is NIOTooManyBytesError:
            return GoTrueError(.contentTooLarge, "request_too_large", "The request body is too large")
        default:
            logger.error("unhandled error in auth", metadata: ["error": "\(String(reflecting: error))"])
            return GoTrueError(.internalServerError, "unexpected_failure", "Unexpected failure, please check server logs for more information")
        }
    }

    private static func code(for error: APIError) -> String {
        switch error.code {
        case .invalidJSON: "bad_json"
        case .rateLimited: "over_request_rate_limit"
        case .validationFailed: "validation_failed"
        default: code(forStatus: error.status)
        }
    }

    private static func code(forStatus status: HTTPResponse.Status) -> String {
        switch status {
        case .tooManyRequests: "over_request_rate_limit"
        case .contentTooLarge: "request_too_large"
        case .notFound: "not_found"
        case .unauthorized: "no_authorization"
        case .forbidden: "not_admin"
        case .serviceUnavailable: "request_timeout"
        default: status.code >= 500 ? "unexpected_failure" : "validation_failed"
        }
    }
}
