import Foundation
import HearthCore

/// The person's saved choices (spec §1.4, saved in full per §10.5): one `preferences`
/// document that syncs like the lists.
public struct PreferencesRepository: Sendable {
    let context: ListAllContext

    init(_ context: ListAllContext) { self.context = context }

    /// The saved preferences, or a new user's defaults.
    public func current() throws -> ListAllPreferences {
        guard let document = try context.store.document(ListAllDocumentCoding.preferences, id: ListAllDocumentCoding.preferencesID)
        else { return ListAllPreferences() }
        return PreferencesDocument.decode(document.data)
    }

    public func save(_ preferences: ListAllPreferences) async throws {
        try await context.requireSignedIn()
        guard try current() != preferences else { return }
        try context.store.put(
            ListAllDocumentCoding.preferences, id: ListAllDocumentCoding.preferencesID, data: PreferencesDocument.encode(preferences))
        await context.sync.localChange()
    }
}
