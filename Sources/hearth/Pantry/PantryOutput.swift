import Foundation
import HearthClient
import HearthCore
import PantryPalKit

extension CommandOutput {
    /// After a local write: one sync attempt, saying what happened. Offline is not a
    /// failure; the change waits on this device.
    func syncAfterWrite(_ client: PantryPalClient) async {
        let refusedBefore = (try? client.store.rejections().count) ?? 0
        do {
            let report = try await client.sync.sync()
            let refused = (try? client.store.rejections()) ?? []
            for rejection in refused.dropFirst(refusedBefore) {
                note("The server refused a change (\(rejection.kind.rawValue)): \(rejection.message). It was undone on this device.")
            }
            if let paywall = report.paywall { note(Self.describe(paywall)) }
        } catch let error as ClientError where error.isTransient {
            note("Saved on this device. The server is unreachable (\(error)); run `hearth pantry sync` when it is back.")
        } catch {
            note("Saved on this device, but syncing failed: \(error)")
        }
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
