import HearthCore
import HearthStore
import Hummingbird
import Logging
import NIOCore

/// Catches every error a route throws and answers in the app's ``ErrorResponseFormat``.
///
/// Known errors keep their status; anything unexpected is logged with the request id and
/// answered with a 500 that reveals nothing of the server's internals.
public struct ErrorResponseMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    public let format: any ErrorResponseFormat
    /// Added to every response (success or error) that does not already have them.
    public let headers: HTTPFields

    public init(format: any ErrorResponseFormat, headers: HTTPFields = [:]) {
        self.format = format
        self.headers = headers
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = format.response(for: Self.apiError(for: error, logger: context.logger))
        }
        for field in headers where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }

    static func apiError(for error: any Error, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as HTTPError:
            return APIError(error.status, code: code(for: error.status), message: error.body ?? error.status.reasonPhrase, headers: error.headers)
        case is NIOTooManyBytesError:
            // What `request.body.collect(upTo:)` throws for a body over the limit (the
            // outbound clients turn theirs into their own errors before they get here).
            return APIError(.contentTooLarge, code: .payloadTooLarge, message: "The request body is larger than this server accepts")
        case let error as JSONParser.Failure:
            return .invalidJSON(error)
        case let error as DecodingError:
            return .validation(DecodingErrorDescription.describe(error))
        case StoreError.cursorExpired:
            return APIError(
                .gone, code: .cursorExpired,
                message: "The cursor is too old or was not issued by this server; pull again without 'since' to resync")
        case is TimeoutError, StoreError.unreachable:
            logger.error("storage unavailable", metadata: ["error": "\(error)"])
            return APIError(.serviceUnavailable, code: .serviceUnavailable, message: "The database is unavailable; try again shortly")
        default:
            logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return APIError(.internalServerError, code: .internalError, message: "Something went wrong on the server; it has been logged")
        }
    }

    static func code(for status: HTTPResponse.Status) -> HearthErrorCode {
        switch status {
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .contentTooLarge: .payloadTooLarge
        case .tooManyRequests: .rateLimited
        case .conflict: .conflict
        case .unprocessableContent: .validationFailed
        default: status.code >= 500 ? .internalError : .badRequest
        }
    }
}
