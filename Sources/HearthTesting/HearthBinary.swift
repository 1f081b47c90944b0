import Foundation
import HearthCore

/// The built `hearth` executable (next to the test bundle), run as a person would run it.
public enum HearthBinary {
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
            do { try ProcessLaunch.run(process) } catch { continuation.resume(throwing: error) }
        }
        let output = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let errors = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return Run(status: process.terminationStatus, output: output, errors: errors)
    }
}
