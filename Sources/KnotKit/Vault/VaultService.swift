/// Onboarding and profile edits: the partner vault (spec §5.2). Drafts are checked with
/// ``VaultValidation`` before they are sent.
public struct VaultService: Sendable {
    let api: KnotAPI

    /// Creates the vault (`POST /api/v1/vault`); ``KnotError/conflict(detail:)`` when one exists.
    public func create(_ draft: VaultDraft) async throws -> VaultSummary {
        try await api.json(VaultSummary.self, .post, "vault", body: try VaultValidation.validated(draft))
    }

    /// Replaces the vault's contents (`PUT /api/v1/vault`); unchanged milestones keep their ids.
    public func update(_ draft: VaultDraft) async throws -> VaultSummary {
        try await api.json(VaultSummary.self, .put, "vault", body: try VaultValidation.validated(draft))
    }

    /// The vault (`GET /api/v1/vault`), or `nil` before onboarding.
    public func current() async throws -> PartnerVault? {
        do {
            return try await api.json(PartnerVault.self, .get, "vault")
        } catch KnotError.noVault {
            return nil
        }
    }

    /// Creates the vault when there is none, else updates it; says which it did.
    public func save(_ draft: VaultDraft) async throws -> (summary: VaultSummary, created: Bool) {
        let validated = try VaultValidation.validated(draft)
        if try await current() == nil {
            return (try await create(validated), true)
        }
        return (try await update(validated), false)
    }
}
