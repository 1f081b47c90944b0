import ArgumentParser
import Foundation

/// Which server `hearth bench clients` and `hearth bench http` load: one they start in
/// this process on a scratch database (the default), or a `hearth serve` that is already
/// running in another process, so the load generator does not share the server's memory.
struct BenchServerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Load an already-running `hearth serve` instead of a server in this process: http://127.0.0.1:8080 for `hearth serve --app wishwithme`, or http://127.0.0.1:8080/wishwithme when it serves every app.",
            valueName: "url"))
    var server: String?

    @Option(
        help: ArgumentHelp(
            "The process id of that server (on this machine), to report its memory before and after the load (VmRSS, and VmHWM for the peak, from /proc/<pid>/status).",
            valueName: "pid"))
    var serverPid: Int32?

    /// The server's address without a trailing slash, when one was given.
    var serverURL: URL? {
        guard var text = server else { return nil }
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text)
    }

    func validate() throws {
        if server != nil {
            guard let url = serverURL, ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--server takes an address such as http://127.0.0.1:8080 or http://127.0.0.1:8080/wishwithme")
            }
        }
        if let serverPid {
            guard server != nil else {
                throw ValidationError("--server-pid goes with --server; a server in this process is measured as part of this process")
            }
            guard serverPid > 0 else { throw ValidationError("--server-pid takes a process id, e.g. the one `pgrep -f 'hearth serve'` prints") }
        }
    }

    /// `--database-url` chooses the storage of a server in this process; one elsewhere has its own.
    func check(against options: BenchOptions) throws {
        if server != nil, options.databaseURL != nil {
            throw ValidationError("--database-url is for the server this process starts; the one at --server uses its own storage")
        }
    }

    /// Runs `body` against the chosen server: the outside one, or one started here on a
    /// scratch database that is dropped afterwards.
    func withFixture<T: Sendable>(_ options: BenchOptions, _ body: @Sendable (BenchFixture) async throws -> T) async throws -> T {
        guard let serverURL else {
            return try await options.withScratchDatabase { scratch in
                try await BenchFixture.run(on: scratch.database, logger: options.logger, body)
            }
        }
        do {
            return try await BenchFixture.run(against: serverURL, body)
        } catch {
            throw CommandFailure.exit(error, context: "benchmark failed")
        }
    }
}
