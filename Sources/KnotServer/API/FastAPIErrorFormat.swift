import HearthCore
import HearthServer
import Hummingbird

/// The error bodies of the original FastAPI backend, which the app parses (spec §5.0):
/// `{"detail": "<text>"}`, and for 422 `{"detail": [{"loc": ["body", "<field>"], "msg",
/// "type": "value_error"}]}`. A 401 always carries `WWW-Authenticate: Bearer` (§4.4).
public struct FastAPIErrorFormat: ErrorResponseFormat {
    /// The ``APIError/details`` key naming the offending request field of a 422.
    public static let fieldKey = "field"
    /// The ``APIError/details`` key naming where the field was (`query`); `body` when absent.
    public static let locationKey = "in"

    public init() {}

    public func response(for error: APIError) -> Response {
        var headers = error.headers
        if error.status == .unauthorized, headers[.wwwAuthenticate] == nil { headers[.wwwAuthenticate] = "Bearer" }
        guard error.status == .unprocessableContent else {
            return Response.json(["detail": .string(error.message)], status: error.status, headers: headers)
        }
        let root = JSONValue.string(error.details[Self.locationKey] ?? "body")
        let location: [JSONValue] = [root] + (error.details[Self.fieldKey].map(Self.location) ?? [])
        let item: JSONValue = ["loc": .array(location), "msg": .string(error.message), "type": "value_error"]
        return Response.json(["detail": [item]], status: error.status, headers: headers)
    }

    /// A field path as FastAPI writes it: `milestones.1.milestone_name` becomes
    /// `["milestones", 1, "milestone_name"]` (list indices are numbers there).
    static func location(_ field: String) -> [JSONValue] {
        field.split(separator: ".", omittingEmptySubsequences: false).map { part in
            if let index = Int64(part), index >= 0 { return .int(index) }
            return .string(String(part))
        }
    }
}

extension APIError {
    /// A 422 about `field` of the request body, in FastAPI's shape.
    static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(.unprocessableContent, code: .validationFailed, message: message, details: [FastAPIErrorFormat.fieldKey: field])
    }

    /// A 422 about the query parameter `name`, in FastAPI's shape (`loc: ["query", name]`).
    static func invalidQuery(_ name: String, _ message: String) -> APIError {
        APIError(
            .unprocessableContent, code: .validationFailed, message: message,
            details: [FastAPIErrorFormat.fieldKey: name, FastAPIErrorFormat.locationKey: "query"])
    }

    /// 409 with FastAPI's body.
    static func knotConflict(_ message: String) -> APIError {
        APIError(.conflict, code: .conflict, message: message)
    }

    /// 404 with FastAPI's body: used for everything that is not the caller's (never 403).
    static func knotNotFound(_ message: String) -> APIError {
        APIError(.notFound, code: .notFound, message: message)
    }
}
