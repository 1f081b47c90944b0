import Foundation
import HearthClient
import HearthCore
import PantryPalKit

extension CommandOutput {
    /// After a local write: one sync attempt, saying what happened. Offline is not a
    /// failure; the change waits on this device. Throws when the server refused the
    /// change this command made (an action on one of `entities`): it did not happen.
    func syncAfterWrite(_ client: PantryPalClient, for entities: [EntityKey]) async throws {
        let marker = (try? client.store.rejectionMarker()) ?? 0
        do {
            let report = try await client.sync.sync()
            if let paywall = report.paywall { note(Self.describe(paywall)) }
        } catch let error as ClientError where error.isTransient {
            note("Saved on this device. The server is unreachable (\(error)); run `hearth pantry sync` when it is back.")
        } catch {
            note("Saved on this device, but syncing failed: \(error). Run `hearth pantry sync` to try again.")
        }
        try reportRefusals(client, after: marker, for: entities)
    }

    /// After signing in: one sync attempt, saying what happened (nothing was changed here).
    func syncAfterSignIn(_ client: PantryPalClient) async {
        let marker = (try? client.store.rejectionMarker()) ?? 0
        do {
            let report = try await client.sync.sync()
            if let paywall = report.paywall { note(Self.describe(paywall)) }
        } catch {
            note("Signed in, but the first sync failed: \(error). Run `hearth pantry sync` to try again.")
        }
        try? reportRefusals(client, after: marker, for: [])
    }

    /// Notes every change the server refused since `marker`; throws for the first that
    /// was this command's own.
    private func reportRefusals(_ client: PantryPalClient, after marker: Int64, for entities: [EntityKey]) throws {
        var own: ActionRejection?
        for rejection in (try? client.store.rejections(after: marker)) ?? [] {
            if own == nil, entities.contains(rejection.entity) {
                own = rejection
            } else {
                note("The server refused a change (\(rejection.kind.rawValue)): \(rejection.message). It was undone on this device.")
            }
        }
        if let own { throw CommandError("The server refused this change: \(own.message). It was undone on this device.") }
    }

    static func describe(_ paywall: PaywallState) -> String {
        switch paywall.reason {
        case .limitReached: "Upgrade needed: \(paywall.message) (the free plan holds \(paywall.limit ?? FreeLimit.rows) items)."
        case .premiumRequired: "Upgrade needed: \(paywall.message)"
        }
    }
}

extension StockEntry {
    var jsonValue: JSONValue {
        var value = (try? JSONValueEncoder().encode(item)) ?? [:]
        value["product_name"] = .string(productName)
        value["product_upc"] = product?.upc.map(JSONValue.string) ?? .null
        value["location_name"] = location.map { .string($0.name) } ?? .null
        return value
    }

    var row: [String] {
        [String(item.id.prefix(8)), productName, product?.upc ?? "", String(item.quantity), location?.name ?? "", item.expirationDate ?? ""]
    }
}

func encoded(_ value: some Encodable) -> JSONValue { (try? JSONValueEncoder().encode(value)) ?? .null }
