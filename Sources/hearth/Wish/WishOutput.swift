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
        await syncAfterWrite(store: client.store, sync: client.sync, command: "hearth wish sync")
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
