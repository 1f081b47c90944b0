import HearthCore
import Hummingbird
import NIOCore

/// Decodes request bodies with ``JSONParser`` (nesting, string and size limits; duplicate
/// keys and invalid UTF-8 rejected) and maps every failure to a 400 the client can act on.
public struct HearthJSONRequestDecoder: RequestDecoder {
    public var limits: JSONParser.Limits

    public init(limits: JSONParser.Limits = .default) {
        self.limits = limits
    }

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let value = try await parseBody(of: request, limit: context.maxUploadSize)
        return try decode(type, from: value)
    }

    /// The body as a ``JSONValue``, within `limit` bytes.
    public func parseBody(of request: Request, limit: Int) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            // A body without Content-Length (chunked) that grew past the limit while read.
            throw APIError.payloadTooLarge(limit: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.payloadTooLarge(limit: limit)
        }
        var limits = limits
        limits.maxBytes = limit
        do {
            return try JSONParser(limits: limits).parse(buffer.readableBytesView)
        } catch {
            throw APIError.invalidJSON(error)
        }
    }

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        do {
            return try JSONValueDecoder(limits: limits).decode(type, from: value)
        } catch let error as DecodingError {
            throw APIError.validation(DecodingErrorDescription.describe(error))
        }
    }
}

/// Writes responses with ``JSONValueEncoder``, so numbers keep their exact kind.
public struct HearthJSONResponseEncoder: ResponseEncoder {
    public init() {}

    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Response.json(try JSONValueEncoder().encode(value))
    }
}

extension Response {
    /// A JSON response with the given status.
    public static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let bytes = value.serialized()
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = String(bytes.count)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Any `Encodable` as JSON with the given status.
    public static func encoded(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(try JSONValueEncoder().encode(value), status: status)
    }
}

/// Turns a `DecodingError` into one sentence naming the field.
enum DecodingErrorDescription {
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the body" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is required"
        case .typeMismatch(_, let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "\(path(context.codingPath)) must not be null"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "the body does not have the expected shape"
        }
    }
}
