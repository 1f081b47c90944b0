/// The machine-readable error codes of Hearth's own APIs, sent as
/// `{"error":{"code":"…","message":"…"}}`. Apps may define more with ``init(_:)``.
public struct HearthErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let badRequest = HearthErrorCode("BAD_REQUEST")
    public static let validationFailed = HearthErrorCode("VALIDATION_FAILED")
    public static let invalidJSON = HearthErrorCode("INVALID_JSON")
    public static let unauthorized = HearthErrorCode("UNAUTHORIZED")
    public static let tokenExpired = HearthErrorCode("TOKEN_EXPIRED")
    public static let forbidden = HearthErrorCode("FORBIDDEN")
    public static let notFound = HearthErrorCode("NOT_FOUND")
    public static let methodNotAllowed = HearthErrorCode("METHOD_NOT_ALLOWED")
    public static let conflict = HearthErrorCode("CONFLICT")
    public static let payloadTooLarge = HearthErrorCode("PAYLOAD_TOO_LARGE")
    public static let batchTooLarge = HearthErrorCode("BATCH_TOO_LARGE")
    public static let rateLimited = HearthErrorCode("RATE_LIMITED")
    public static let cursorExpired = HearthErrorCode("CURSOR_EXPIRED")
    public static let unknownCollection = HearthErrorCode("UNKNOWN_COLLECTION")
    /// A pushed mutation the server did not get to (its answer would have been too large):
    /// nothing was applied or recorded, and the client sends it again as it is.
    public static let retryLater = HearthErrorCode("RETRY_LATER")
    public static let internalError = HearthErrorCode("INTERNAL_ERROR")
    public static let serviceUnavailable = HearthErrorCode("SERVICE_UNAVAILABLE")
}

/// The body of every Hearth-format error response.
public struct HearthErrorBody: Codable, Sendable, Hashable {
    public struct Detail: Codable, Sendable, Hashable {
        public var code: HearthErrorCode
        public var message: String

        public init(code: HearthErrorCode, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var error: Detail

    public init(code: HearthErrorCode, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
