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

    /// Prints the failure as `error: …` with what to do next; returns the exit status.
    static func reportFailure(_ error: any Error, server: String, profile: String) -> Int32 {
        let message: String
        switch error {
        case ClientError.signedOut:
            message = "You are signed out of profile '\(profile)'. Run `hearth wish login --profile \(profile)`."
        case ClientError.offline, ClientError.timedOut:
            message = "Cannot reach the server at \(server). Start it with `hearth serve --app wishwithme`, or pass --server URL."
        case ClientError.server(let status, _, let text) where status == 401:
            message = "\(text). Check the email and password, or run `hearth wish login`."
        case ClientError.server(_, _, let text):
            message = text
        default:
            message = String(describing: error)
        }
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return 1
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
