import HearthCore
import HearthServer
import Hummingbird

/// `{"error":"<message>", "code":"…", …details}` — PantryPal's error body. Codes the
/// original never sent (plain 400/404/500) are left out, so those bodies stay `{error}`.
struct PantryErrorFormat: ErrorResponseFormat {
    private static let unnamedCodes: Set<HearthErrorCode> = [.badRequest, .notFound, .forbidden, .internalError, .unauthorized, .invalidJSON]

    func response(for error: APIError) -> Response {
        var body: [String: JSONValue] = ["error": .string(message(for: error))]
        if !Self.unnamedCodes.contains(error.code) { body["code"] = .string(error.code.rawValue) }
        for (key, value) in error.details { body[key] = .string(value) }
        return Response.json(.object(body), status: error.status, headers: error.headers)
    }

    private func message(for error: APIError) -> String {
        switch error.code {
        case .invalidJSON: "Invalid JSON body"
        case .internalError: "Internal server error"
        case .notFound where error.message == "Not Found": "Not found"
        default: error.message
        }
    }
}
