import HearthClient

extension CommandOutput {
    /// After a local write of any client: tries to sync and says what happened. Refused
    /// changes are reported; offline is not a failure, the change waits on this device.
    func syncAfterWrite(store: LocalStore, sync: SyncEngine, command: String) async {
        let rejectedBefore = (try? store.rejections().count) ?? 0
        do {
            try await sync.sync()
            let rejections = (try? store.rejections()) ?? []
            for rejection in rejections.dropFirst(rejectedBefore) {
                note("The server refused a change to \(rejection.documentID): \(rejection.message). It was undone on this device.")
            }
        } catch let error as ClientError where error.isTransient {
            note("Saved on this device. The server is unreachable (\(error)); run `\(command)` when it is back.")
        } catch {
            note("Saved on this device, but syncing failed: \(error)")
        }
    }
}
