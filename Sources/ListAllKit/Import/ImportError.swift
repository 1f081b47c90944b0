import Foundation

/// Why an import failed (spec §3.2); `message` is the text shown to people.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    case invalidData
    case invalidFormat
    case decodingFailed(String)
    case validationFailed(String)
    case repositoryError(String)

    public var message: String {
        switch self {
        case .invalidData: "The provided data is invalid or corrupted"
        case .invalidFormat: "The file format is not supported"
        case .decodingFailed(let detail): "Failed to decode data: \(detail)"
        case .validationFailed(let detail): "Data validation failed: \(detail)"
        case .repositoryError(let detail): "Failed to save data: \(detail)"
        }
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}
