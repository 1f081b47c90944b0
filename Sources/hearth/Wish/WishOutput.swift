import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// Everything `hearth wish` prints (see ``CommandOutput``).
typealias WishOutput = CommandOutput

extension CommandOutput {
    /// After a local write: tries to sync and says what happened. Offline is not a failure;
    /// the change waits on this device.
    func syncAfterWrite(_ client: WishWithMeClient) async {
        let rejectedBefore = (try? client.store.rejections().count) ?? 0
        do {
            try await client.sync.sync()
            let rejections = (try? client.store.rejections()) ?? []
            for rejection in rejections.dropFirst(rejectedBefore) {
                note("The server refused a change to \(rejection.documentID): \(rejection.message). It was undone on this device.")
            }
        } catch let error as ClientError where error.isTransient {
            note("Saved on this device. The server is unreachable (\(error)); run `hearth wish sync` when it is back.")
        } catch {
            note("Saved on this device, but syncing failed: \(error)")
        }
    }
}

extension WishDocument {
    /// The first 8 characters of the id's uuid: enough to name it on the command line.
    var shortID: String {
        let uuid = id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
        return String(uuid.prefix(8))
    }

    var jsonValue: JSONValue { (try? JSONValueEncoder().encode(self)) ?? .null }
}
