import HearthCore
import Hummingbird

/// How an app writes its errors. The original apps each had their own shape; Hearth's own
/// endpoints use ``HearthErrorFormat``.
public protocol ErrorResponseFormat: Sendable {
    func response(for error: APIError) -> Response
}

/// `{"error":{"code":"…","message":"…"}}`
public struct HearthErrorFormat: ErrorResponseFormat {
    public init() {}

    public func response(for error: APIError) -> Response {
        let body: JSONValue = ["error": ["code": .string(error.code.rawValue), "message": .string(error.message)]]
        return Response.json(body, status: error.status, headers: error.headers)
    }
}
