import HearthClient
import HearthCore

/// Brings the household's data up to date: `GET sync/changes` by cursor while `hasMore`;
/// with no cursor yet, `resetRequired`, or local state known to be off, `GET sync/full`
/// first and the changes after its cursor next.
struct ChangePuller {
    static let pageSize = 500

    let store: PantryStore
    let api: PantryPalAPI

    func run(into report: inout SyncReport) async throws {
        var cursor = try store.cursor() ?? -1
        let needsFull = try store.state(.needsFullSync) != nil
        if cursor < 0 || needsFull {
            cursor = try await full(into: &report)
        }
        while true {
            try Task.checkCancellation()
            let body = try await api.json(.get, "sync/changes", query: ["cursor": String(cursor), "limit": String(Self.pageSize)])
            let page = ChangesPage(body, requestedCursor: cursor)
            if page.resetRequired {
                guard !report.fullSync else {
                    throw ClientError.invalidResponse("the server asked for a reset right after a full sync")
                }
                cursor = try await full(into: &report)
                continue
            }
            report.received += try store.apply(page.changes, cursor: page.cursor)
            // A page that does not move the cursor forward cannot be followed by another.
            guard page.hasMore, page.cursor > cursor else { break }
            cursor = page.cursor
        }
        try await fetchMissingProducts()
    }

    static let missingProductsPerSync = 50

    /// A member may stock a catalogue product that existed before this household used it,
    /// so no change announced it here; fetch those the stock now refers to.
    private func fetchMissingProducts() async throws {
        var found: [Product] = []
        for id in try store.productIDsMissingFromStock(limit: Self.missingProductsPerSync) {
            let response = try await api.exchange(.get, "products/\(PantryPalAPI.pathSegment(id))")
            guard response.isSuccess, let product = Product(row: try PantryPalAPI.parse(response.body)) else { continue }
            found.append(product)
        }
        if !found.isEmpty { try store.saveProducts(found) }
    }

    private func full(into report: inout SyncReport) async throws -> Int64 {
        let snapshot = try FullSnapshot(try await api.json(.get, "sync/full"))
        try store.apply(snapshot)
        report.fullSync = true
        report.received += snapshot.inventory.count + snapshot.locations.count + snapshot.grocery.count
        return snapshot.cursor
    }
}
