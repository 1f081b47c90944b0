import HearthCore
import HearthServer
import HTTPTypes

/// The errors PantryPal answers with, in the original's words (spec §1.4, §6, §8.2).
///
/// Messages keep the substrings the original app matches (`limit reached`, `not found`,
/// `Premium`); extra fields are strings only so the app's string map keeps the message.
enum PantryError {
    static let limitReachedCode = HearthErrorCode("LIMIT_REACHED")
    static let premiumRequiredCode = HearthErrorCode("PREMIUM_REQUIRED")

    static func badRequest(_ message: String, code: String? = nil, details: [String: String] = [:]) -> APIError {
        APIError(.badRequest, code: code.map { HearthErrorCode($0) } ?? .badRequest, message: message, details: details)
    }

    static func notFound(_ message: String, code: String? = nil, details: [String: String] = [:]) -> APIError {
        APIError(.notFound, code: code.map { HearthErrorCode($0) } ?? .notFound, message: message, details: details)
    }

    static func forbidden(_ message: String, code: String) -> APIError {
        APIError(.forbidden, code: HearthErrorCode(code), message: message)
    }

    static func conflict(_ message: String, code: String) -> APIError {
        APIError(.conflict, code: HearthErrorCode(code), message: message)
    }

    /// 403 for a free household over one of its limits.
    static func limitReached(_ message: String, limit: Int) -> APIError {
        APIError(
            .forbidden, code: limitReachedCode, message: message,
            details: ["limit": String(limit), "upgradeRequired": "true"])
    }

    /// 403 for a write the household's plan does not allow.
    static func premiumRequired(_ message: String) -> APIError {
        APIError(.forbidden, code: premiumRequiredCode, message: message, details: ["upgradeRequired": "true"])
    }

    static let invalidJSON = APIError(.badRequest, code: .invalidJSON, message: "Invalid JSON body")
    static let idConflict = conflict("ID conflict", code: "ID_CONFLICT")
    static let noHousehold = notFound("User does not belong to a household")
    static let inventoryItemNotFound = notFound("Inventory item not found")
    static let productNotFound = notFound("Product not found")
    static let locationNotFound = notFound("Location not found")
    static let locationRequired = badRequest("Location is required for inventory items", code: "LOCATION_REQUIRED")
    static let groceryNeedsHousehold = badRequest(
        "Please create or join a household first", details: ["requiresHousehold": "true"])

    /// A field that is present but not what the endpoint accepts.
    static func invalidField(_ message: String) -> APIError { badRequest(message, code: "VALIDATION_FAILED") }
}
