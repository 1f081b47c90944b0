import Foundation
import HearthCore
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One running Chromium with its own throw-away profile directory.
///
/// The browser is started with `--remote-debugging-port=0` so concurrent test runs and
/// services never fight over a port; Chromium then writes the port it chose (and the
/// browser endpoint path) to `<profile>/DevToolsActivePort`, which we poll for.
/// A fresh temporary profile per launch means a crashed browser's lock files and state
/// never leak into the next one.
final class BrowserProcess: Sendable {
    let processIdentifier: Int32
    /// Temporary folder holding the profile and the browser's stderr log; removed on terminate.
    private let workDirectory: URL
    private let process: Mutex<Process?>

    private init(processIdentifier: Int32, workDirectory: URL, process: consuming Process) {
        self.processIdentifier = processIdentifier
        self.workDirectory = workDirectory
        self.process = Mutex(process)
    }

    /// Whether the process has not exited yet (as far as Foundation has reaped it).
    var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// Starts the browser and waits (at most `timeout`) until it announces its DevTools
    /// endpoint, the browser-level WebSocket URL (`ws://127.0.0.1:PORT/devtools/browser/…`).
    static func launch(
        executable: String, arguments: [String], timeout: Duration, logger: Logger
    ) async throws -> (process: BrowserProcess, endpoint: String) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw PageRendererError.chromiumNotFound(executable)
        }
        let workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hearth-browser-\(UUID().uuidString)", isDirectory: true)
        let profile = workDirectory.appendingPathComponent("profile", isDirectory: true)
        let logFile = workDirectory.appendingPathComponent("chromium.log")
        do {
            try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        } catch {
            throw PageRendererError.launchFailed("cannot create profile directory: \(error)")
        }
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--user-data-dir=\(profile.path)", "about:blank"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // Chromium is chatty on stderr; a file keeps the pipe from filling up and is what we
        // quote when the launch fails.
        process.standardError = FileHandle(forWritingAtPath: logFile.path) ?? FileHandle.nullDevice
        do {
            try ProcessLaunch.run(process)
        } catch {
            try? FileManager.default.removeItem(at: workDirectory)
            throw PageRendererError.launchFailed("\(error)")
        }
        let pid = process.processIdentifier
        let launched = BrowserProcess(processIdentifier: pid, workDirectory: workDirectory, process: process)
        logger.debug("launched Chromium", metadata: ["pid": "\(pid)", "profile": "\(profile.path)"])

        let portFile = profile.appendingPathComponent("DevToolsActivePort")
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let endpoint = Self.readEndpoint(portFile) {
                return (launched, endpoint)
            }
            if !launched.isRunning {
                let tail = Self.tail(of: logFile)
                await launched.terminate()
                throw PageRendererError.launchFailed("Chromium exited during start-up: \(tail)")
            }
            if clock.now >= deadline {
                await launched.terminate()
                throw PageRendererError.launchFailed("no DevToolsActivePort after \(timeout)")
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                await launched.terminate()
                throw error
            }
        }
    }

    /// Kills the browser with its helper processes (SIGKILL: the profile is disposable, so a
    /// graceful shutdown buys nothing), waits briefly for it to be reaped so nothing writes
    /// into the profile any more, and removes the temporary folder. Safe to call repeatedly.
    func terminate() async {
        if let process = takeProcess() {
            Self.killProcessGroup(processIdentifier)
            for _ in 0..<100 where process.isRunning {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        try? FileManager.default.removeItem(at: workDirectory)
    }

    deinit {
        if takeProcess() != nil { Self.killProcessGroup(processIdentifier) }
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Foundation starts the child as leader of its own process group, and Chromium's
    /// zygote and renderer processes stay in that group: killing the group leaves no
    /// orphaned renderers. If the group is not the browser's own, only the browser is killed.
    private static func killProcessGroup(_ pid: Int32) {
        if getpgid(pid) == pid {
            _ = kill(-pid, SIGKILL)
        } else {
            _ = kill(pid, SIGKILL)
        }
    }

    private func takeProcess() -> Process? {
        process.withLock { process in
            let taken = process
            process = nil
            return taken
        }
    }

    /// `DevToolsActivePort` holds the port on line one and the browser endpoint path on line
    /// two; it may be observed half-written, so both lines must be present.
    private static func readEndpoint(_ file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count >= 2, let port = Int(lines[0]), port > 0, lines[1].hasPrefix("/") else { return nil }
        return "ws://127.0.0.1:\(port)\(lines[1])"
    }

    private static func tail(of file: URL) -> String {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return "(no log)" }
        return String(text.suffix(500))
    }
}
