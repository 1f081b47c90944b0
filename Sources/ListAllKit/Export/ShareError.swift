import Foundation

/// Why a share could not be made (spec §2.6); `message` is the text the app shows.
public enum ShareError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The list's name is blank.
    case invalidListData
    /// The list is not (or no longer) in the library.
    case listNotFound
    /// A single list was asked for as a URL.
    case urlSharingNotSupported
    /// The whole store was asked for as a URL.
    case urlFormatNotSupportedForAllData

    public var message: String {
        switch self {
        case .invalidListData: "Invalid list data"
        case .listNotFound: "List not found"
        case .urlSharingNotSupported: "URL sharing is not supported (app is not publicly distributed)"
        case .urlFormatNotSupportedForAllData: "URL format not supported for all data"
        }
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}
