/// Decides whether a recommendation's link still works (spec §6.7).
///
/// An HTTP implementation (HEAD without redirects, GET on 405, valid iff 200…399, 5 s
/// timeout) comes with the integrations; until then ``AlwaysAvailableVerifier`` is used,
/// as with `URL_VERIFICATION_ENABLED=false`.
protocol URLVerifier: Sendable {
    func isAvailable(_ url: String) async -> Bool
}

/// Every URL counts as available.
struct AlwaysAvailableVerifier: URLVerifier {
    func isAvailable(_ url: String) async -> Bool { true }
}

/// Stage 6 — availability verification with replacements (spec §6.7).
enum URLVerification {
    /// `MAX_REPLACEMENT_ATTEMPTS` [FACT].
    static let maxReplacementAttempts = 3

    /// Each selected item whose URL fails is replaced in place by the first available of
    /// up to three best unused pool candidates (pool order = `final_score` descending), or
    /// dropped when none is available. Checks run one after another.
    static func run(selected: [Candidate], pool: [Candidate], verifier: any URLVerifier) async -> [Candidate] {
        var used = Set(selected.map(\.id))
        var result: [Candidate] = []
        for item in selected {
            if await verifier.isAvailable(item.externalURL) {
                result.append(item)
                continue
            }
            var attempts = 0
            while attempts < maxReplacementAttempts, let replacement = pool.first(where: { !used.contains($0.id) }) {
                attempts += 1
                used.insert(replacement.id)
                if await verifier.isAvailable(replacement.externalURL) {
                    result.append(replacement)
                    break
                }
            }
        }
        return result
    }
}
