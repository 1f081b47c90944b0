import Logging

/// A launched browser together with the DevTools connection to it; replaced as a whole
/// when either side fails.
struct Browser: Sendable {
    let process: BrowserProcess
    let connection: DevToolsConnection

    static func launch(configuration: PageRenderer.Configuration, logger: Logger) async throws -> Browser {
        guard let executable = configuration.chromiumPath else { throw PageRendererError.chromiumNotFound(nil) }
        let (process, endpoint) = try await BrowserProcess.launch(
            executable: executable, arguments: configuration.browserArguments,
            timeout: configuration.launchTimeout, logger: logger)
        do {
            let connection = try await DevToolsConnection.open(
                url: endpoint, timeout: configuration.commandTimeout, logger: logger)
            return Browser(process: process, connection: connection)
        } catch {
            await process.terminate()
            throw error
        }
    }

    /// Whether the process runs and answers a trivial command. The round trip matters: right
    /// after the browser dies, neither the process table nor the socket may know yet, but a
    /// command on a dead socket fails as soon as the close is seen.
    func isResponsive(timeout: Duration) async -> Bool {
        guard process.isRunning, await !connection.isClosed else { return false }
        do {
            _ = try await connection.send("Browser.getVersion", timeout: timeout)
            return true
        } catch {
            return false
        }
    }

    /// Whether the browser is known to be gone (without a round trip).
    var isDead: Bool {
        get async {
            if !process.isRunning { return true }
            return await connection.isClosed
        }
    }

    func terminate() async {
        await connection.close()
        await process.terminate()
    }
}
