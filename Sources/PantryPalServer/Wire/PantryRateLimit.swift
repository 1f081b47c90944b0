import HearthCore
import HearthServer
import HTTPTypes

/// The 429 of spec §1.5 (kept for W20's limits), with `Retry-After`.
enum PantryRateLimit {
    enum LimitType: String, Sendable {
        case general = "general API"
        case authentication
        case upcLookup = "UPC lookup"
    }

    static func limited(retryAfterSeconds: Int, type: LimitType) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(
            .tooManyRequests, code: .rateLimited, message: "Too many requests", headers: headers,
            details: [
                "message": "Rate limit exceeded for \(type.rawValue) requests. Please try again later.",
                "retryAfter": String(retryAfterSeconds), "limitType": type.rawValue,
            ])
    }
}
