import HearthCore
import HearthStore

/// When a write makes an item need resolving (spec §6.1): it is `pending`, has a
/// `source_url`, and either just became pending or its URL changed.
enum ItemResolutionTrigger {
    static let jobKind = "resolve-item"
    static let maxAttempts = 3

    static func needsResolution(_ item: StoredDocument, previous: StoredDocument?) -> Bool {
        guard !item.deleted, item.data["status"]?.stringValue == "pending", let url = item.data["source_url"]?.stringValue, !url.isEmpty
        else { return false }
        guard let previous, !previous.deleted else { return true }
        return previous.data["status"]?.stringValue != "pending" || previous.data["source_url"]?.stringValue != url
    }
}
