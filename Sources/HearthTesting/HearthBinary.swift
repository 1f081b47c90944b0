import Foundation
import HearthCore
import Synchronization

/// The built `hearth` executable (next to the test bundle), run as a person would run it.
public enum HearthBinary {
    /// Foundation's `Process.run()` on Linux is not safe to call from several threads at
    /// once (a parallel test run crashed inside it), so launches take turns.
    static let launches = Mutex(())

    static func launch(_ process: Process) throws {
        try launches.withLock { _ in try process.run() }
    }
    /// What one run printed and how it ended.
    public struct Run: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String

        /// Standard output parsed as JSON (`null` when it is not JSON).
        public var json: JSONValue { (try? JSONParser().parse(output.trimmingCharacters(in: .whitespacesAndNewlines))) ?? .null }
    }

    /// Runs `hearth <arguments>` with `environment` on top of this process's, and no
    /// standard input; its output is captured in files under `directory`.
    public static func run(_ arguments: [String], environment: [String: String], directory: String) async throws -> Run {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hearth")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let outPath = directory + "/out-\(UUID().uuidString)"
        let errPath = outPath + ".err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try launch(process) } catch { continuation.resume(throwing: error) }
        }
        let output = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let errors = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return Run(status: process.terminationStatus, output: output, errors: errors)
    }
}

extension HearthBinary {
    /// `hearth serve …` running in the background until ``stop()``.
    public final class RunningServer: Sendable {
        let process: Process
        let outPath: String
        let exited: AsyncStream<Void>

        init(process: Process, outPath: String, exited: AsyncStream<Void>) {
            self.process = process
            self.outPath = outPath
            self.exited = exited
        }

        /// Everything it printed on standard output so far.
        public var output: String { String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self) }

        /// SIGTERM (a graceful stop), SIGKILL if it has not ended after `grace`, and waits
        /// for the end through the termination handler: `Process.waitUntilExit()` spins a
        /// run loop on the calling thread, which a parallel test run answered with a crash
        /// in another launch.
        public func stop(grace: Duration = .seconds(20)) async {
            guard process.isRunning else { return }
            let pid = process.processIdentifier
            kill(pid, SIGTERM)
            let killer = Task {
                try await Task.sleep(for: grace)
                kill(pid, SIGKILL)
            }
            for await _ in exited { break }
            killer.cancel()
        }
    }

    /// Starts `hearth <arguments>` and returns once its standard output contains `marker`
    /// (or the process ends, or `attempts` checks 100 ms apart saw nothing: then it throws).
    public static func start(
        _ arguments: [String], environment: [String: String], directory: String, until marker: String, attempts: Int = 600
    ) async throws -> RunningServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hearth")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let outPath = directory + "/serve-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let (exited, exit) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        process.terminationHandler = { _ in
            exit.yield()
            exit.finish()
        }
        try launch(process)
        let server = RunningServer(process: process, outPath: outPath, exited: exited)
        for _ in 0..<attempts {
            if server.output.contains(marker) { return server }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        await server.stop()
        throw HearthBinaryDidNotStart(output: server.output)
    }
}

public struct HearthBinaryDidNotStart: Error, CustomStringConvertible {
    public let output: String
    public var description: String { "hearth did not print what it was waiting for; it printed:\n\(output)" }
}
