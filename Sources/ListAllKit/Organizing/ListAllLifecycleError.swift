import Foundation

/// Why a lifecycle rule (spec §1.6) refused to change the library.
public enum ListAllLifecycleError: Error, Sendable, Hashable {
    /// A value broke an editing limit (§1.7).
    case invalid(ListAllValidationError)
    case listNotFound(UUID)
    case itemNotFound(UUID)
    case imageNotFound(UUID)
    /// Permanent delete is offered only in the archive.
    case listNotArchived(UUID)

    public var message: String {
        switch self {
        case .invalid(let error): error.message
        case .listNotFound: "List not found"
        case .itemNotFound: "Item not found"
        case .imageNotFound: "Image not found"
        case .listNotArchived: "Only archived lists can be deleted permanently"
        }
    }
}

extension ListAllLifecycleError: CustomStringConvertible {
    public var description: String { message }
}

/// Runs a validation inside a lifecycle rule, reporting its failure as `.invalid`.
func validated<T>(_ check: () throws(ListAllValidationError) -> T) throws(ListAllLifecycleError) -> T {
    do {
        return try check()
    } catch {
        throw .invalid(error)
    }
}
