import HearthCore
import HearthServer
import HearthStore

/// The write and read rules of one Wish With Me collection. Both sync protocols (the
/// original `/api/v2/sync` and Hearth's delta sync) ask the same rules, so a document is
/// equally protected whichever way it is pushed.
///
/// Rules judge the stored document as well as the incoming one (spec §8.1): updates and
/// deletes are authorised against the stored owner fields, which are immutable.
protocol CollectionWriteRule: Sendable {
    var collection: WishWithMeCollection { get }
    /// Called only for a live (or new) document of this collection, with `write.data`
    /// already stripped of metadata keys.
    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision
    func canRead(_ document: StoredDocument, userID: String) -> Bool
}

extension CollectionWriteRule {
    func canRead(_ document: StoredDocument, userID: String) -> Bool { document.isReadable(by: userID) }
}

/// Denial messages of the original backend (spec §4.3); clients do not parse them, but
/// they are kept word for word.
enum RuleDenial {
    static func unauthorized(_ reason: String) -> APIError {
        APIError(.forbidden, code: .forbidden, message: "Unauthorized: \(reason)")
    }

    static let invalidID = APIError.validation("Invalid document id")
}
