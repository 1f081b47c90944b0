import HTTPTypes
import HearthCore
import Hummingbird

/// An error of the PostgREST shim in PostgREST's own shape (docs/KNOT.md ("Wire contract") §8):
/// `{"code", "details", "hint", "message"}`, which both Supabase SDKs decode (Swift needs
/// `message`, Python a string `code`).
struct PostgRESTError: Error, Sendable, Hashable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var details: String?
    var headers: HTTPFields = [:]

    static func unsupported(_ details: String) -> PostgRESTError {
        PostgRESTError(status: .badRequest, code: "PGRST100", message: "unsupported", details: details)
    }

    static func unknownTable(_ name: String) -> PostgRESTError {
        PostgRESTError(
            status: .notFound, code: "PGRST205", message: "Could not find the table 'public.\(name)' in the schema cache")
    }

    static let methodNotAllowed = PostgRESTError(status: .methodNotAllowed, code: "PGRST117", message: "Unsupported HTTP method")

    static let notSingleObject = PostgRESTError(
        status: .notAcceptable, code: "PGRST116", message: "Cannot coerce the result to a single JSON object",
        details: "The result contains 0 rows")

    /// A refused user JWT (`PGRST303` expired, `PGRST301` otherwise), with the
    /// `WWW-Authenticate` challenge PostgREST sends.
    static func badJWT(code: String, message: String, challenge: String) -> PostgRESTError {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = challenge
        return PostgRESTError(status: .unauthorized, code: code, message: message, headers: headers)
    }

    var response: Response {
        let body: JSONValue = [
            "code": .string(code), "details": details.map(JSONValue.string) ?? .null, "hint": .null, "message": .string(message),
        ]
        return Response.json(body, status: status, headers: headers)
    }
}
