import HearthCore
import HearthServer
import Hummingbird

/// Errors in both shapes the original clients read (spec §1.8): the PWA reads `detail`,
/// the iOS app the `error` envelope. Validation errors keep `detail` as the framework's
/// array of problems, with code `VALIDATION_ERROR`; a body that is not JSON is one of them.
struct WishWithMeErrorFormat: ErrorResponseFormat {
    func response(for error: APIError) -> Response {
        var error = error
        if error.code == .invalidJSON {
            // The original framework answered unparseable bodies as validation errors.
            error = APIError(.unprocessableContent, code: .validationFailed, message: error.message, headers: error.headers)
        }
        let code = error.code == .validationFailed ? "VALIDATION_ERROR" : error.code.rawValue
        let detail: JSONValue =
            error.code == .validationFailed
            ? [["type": "value_error", "loc": ["body"], "msg": .string(error.message), "input": .null]]
            : .string(error.message)
        let body: JSONValue = ["detail": detail, "error": ["code": .string(code), "message": .string(error.message)]]
        return Response.json(body, status: error.status, headers: error.headers)
    }
}
