import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Every launch of a child process in Hearth and its tests goes through here, around
/// Foundation's `Process.run()` on Linux: launches are serialised (only the launch; the
/// children run side by side), and the heap is prepared for the directory listing `run()`
/// reads past the end of (see ``reserveHeapAfterDirectoryBuffer()``).
public enum ProcessLaunch {
    private static let lock = Mutex(())
    private static let lastReservation = Atomic<Int>(0)

    public static func run(_ process: Process) throws {
        try lock.withLock { _ in
            reserveHeapAfterDirectoryBuffer()
            try process.run()
        }
    }

    /// `Process.run()` on Linux finds the highest open descriptor by listing `/proc/self/fd`
    /// and copies each entry's whole 256-byte `d_name`, so it reads up to 243 bytes past the
    /// end of glibc's 32 KiB directory buffer when that buffer is full (1,365 or more open
    /// descriptors, as in a full test run). When the buffer was the last thing carved from the
    /// heap, that read crosses into unmapped memory: a clean-clone run crashed in `memcpy` on
    /// the entry "1357". Taking and returning 36 KiB first leaves the next 32 KiB allocation on
    /// this thread (the directory buffer) with heap after it.
    private static func reserveHeapAfterDirectoryBuffer() {
        #if canImport(Glibc)
        guard let block = malloc(36 * 1024) else { return }
        // The address escapes, so the optimiser cannot drop the pair.
        lastReservation.store(Int(bitPattern: block), ordering: .relaxed)
        free(block)
        #endif
    }
}
