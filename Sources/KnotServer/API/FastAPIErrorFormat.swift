import HearthCore
import HearthServer
import Hummingbird

/// The error bodies of the original FastAPI backend, which the app parses (spec §5.0):
/// `{"detail": "<text>"}`, and for 422 `{"detail": [{"loc": ["body", "<field>"], "msg",
/// "type": "value_error"}]}`. A 401 always carries `WWW-Authenticate: Bearer` (§4.4).
public struct FastAPIErrorFormat: ErrorResponseFormat {
    /// The ``APIError/details`` key naming the offending request field of a 422.
    public static let fieldKey = "field"

    public init() {}

    public func response(for error: APIError) -> Response {
        var headers = error.headers
        if error.status == .unauthorized, headers[.wwwAuthenticate] == nil { headers[.wwwAuthenticate] = "Bearer" }
        guard error.status == .unprocessableContent else {
            return Response.json(["detail": .string(error.message)], status: error.status, headers: headers)
        }
        let location: [JSONValue] = ["body"] + (error.details[Self.fieldKey].map { [.string($0)] } ?? [])
        let item: JSONValue = ["loc": .array(location), "msg": .string(error.message), "type": "value_error"]
        return Response.json(["detail": [item]], status: error.status, headers: headers)
    }
}

extension APIError {
    /// A 422 about `field` of the request body, in FastAPI's shape.
    static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(.unprocessableContent, code: .validationFailed, message: message, details: [FastAPIErrorFormat.fieldKey: field])
    }

    /// 404 with FastAPI's body: used for everything that is not the caller's (never 403).
    static func knotNotFound(_ message: String) -> APIError {
        APIError(.notFound, code: .notFound, message: message)
    }
}
