import Foundation
import Synchronization

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux is not safe
/// to call from several threads at once (a clean-clone test run crashed in its `memcpy`
/// while Chromium, `openssl` and the `hearth` binary were being started in parallel), so
/// every launch in Hearth and its tests goes through this one lock. Only the launch is
/// serialised; the children run side by side.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
