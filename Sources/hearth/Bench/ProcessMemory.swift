import Foundation

/// A process's memory as Linux reports it in /proc/<pid>/status.
struct ProcessMemory: Sendable {
    /// Resident set size now (VmRSS).
    var residentMiB: Double
    /// The highest resident set size since the process started (VmHWM).
    var peakResidentMiB: Double

    /// This process; zeros where /proc is not available.
    static func ofThisProcess() -> ProcessMemory {
        read(statusFile: "/proc/self/status") ?? ProcessMemory(residentMiB: 0, peakResidentMiB: 0)
    }

    /// Another process, or `nil` when its status cannot be read (it ended, or is not ours to see).
    static func of(pid: Int32) -> ProcessMemory? {
        read(statusFile: "/proc/\(pid)/status")
    }

    private static func read(statusFile: String) -> ProcessMemory? {
        guard let status = try? String(contentsOfFile: statusFile, encoding: .utf8),
            let resident = field("VmRSS:", in: status), let peak = field("VmHWM:", in: status)
        else { return nil }
        return ProcessMemory(residentMiB: resident, peakResidentMiB: peak)
    }

    /// A `Name:   12345 kB` line's value in MiB.
    private static func field(_ name: String, in status: String) -> Double? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return nil }
        return kilobytes / 1024
    }
}

/// The memory of the server under load, before and after it, as every `--server-pid`
/// bench reports it.
struct ServerMemory: Encodable, Sendable {
    var pid: Int32
    var residentBeforeMiB: Double
    var residentAfterMiB: Double
    /// VmHWM after the load: the highest the server reached since it started.
    var peakResidentMiB: Double

    /// Reads the server's memory now; `finish` reads it again once the load is over.
    struct Probe: Sendable {
        let pid: Int32
        let before: ProcessMemory

        init(pid: Int32) throws {
            guard let before = ProcessMemory.of(pid: pid) else {
                throw CommandError("cannot read /proc/\(pid)/status: is \(pid) the server's process id, on this machine?")
            }
            self.pid = pid
            self.before = before
        }

        func finish() throws -> ServerMemory {
            guard let after = ProcessMemory.of(pid: pid) else {
                throw CommandError("the server's process \(pid) ended during the benchmark")
            }
            return ServerMemory(
                pid: pid, residentBeforeMiB: before.residentMiB, residentAfterMiB: after.residentMiB, peakResidentMiB: after.peakResidentMiB)
        }
    }

    /// One table row: label and value.
    var row: (String, String) {
        (
            "server RSS (pid \(pid))",
            String(
                format: "%.0f MiB before, %.0f MiB after, peak %.0f MiB (VmHWM: the highest since it started)", residentBeforeMiB,
                residentAfterMiB, peakResidentMiB)
        )
    }
}
