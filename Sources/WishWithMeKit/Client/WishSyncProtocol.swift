import HearthClient

/// Which protocol a Wish With Me client syncs with.
public enum WishSyncProtocol: String, Sendable, Hashable, CaseIterable, Codable {
    /// Hearth's delta sync (spec/sync.md): costs O(changes). The default.
    case delta
    /// The original apps' push-all / pull-all / reconcile (spec wishwithme.md §4.7), for
    /// servers without delta sync.
    case legacy

    var strategy: any SyncStrategy {
        switch self {
        case .delta:
            DeltaSync()
        case .legacy:
            LegacySync(
                collections: WishDocumentType.pushOrder.map(\.collection),
                pushPath: { "api/v2/sync/push/\($0)" }, pullPath: { "api/v2/sync/pull/\($0)" })
        }
    }
}
