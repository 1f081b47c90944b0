import Foundation
import HearthServer
import HearthStore

/// What `hearth serve` prints once, on standard output, when it is ready: where each app
/// lives, the engine and where the data is, and the health, metrics and API-document URLs.
struct StartBanner {
    let apps: [any HearthApp]
    let isRootMounted: Bool
    let host: String
    let port: Int
    let storage: String
    /// Serving HTTPS (`--tls-cert`).
    var secure = false

    /// `http://127.0.0.1:8080`; an all-interfaces address is shown as loopback, which
    /// works from this machine.
    var origin: String {
        let shown = switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return (secure ? "https://" : "http://") + "\(shown):\(port)"
    }

    /// "SQLite, /abs/path/hearth.sqlite" or "PostgreSQL, postgres://user:***@host:5432/db".
    static func storage(of configuration: ServerConfiguration) -> String {
        if let url = configuration.databaseURL {
            return "PostgreSQL, " + ((try? PostgresURL(url).redacted) ?? "(URL not shown)")
        }
        let file = URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent(DatabaseOpener.sqliteFileName)
        return "SQLite, " + file.standardizedFileURL.path
    }

    var text: String {
        let width = max(12, (apps.map(\.displayName.count).max() ?? 0) + 2)
        func row(_ label: String, _ value: String) -> String { "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + value }
        var lines = ["Hearth \(HearthVersion.current) is ready.", ""]
        for app in apps {
            let mount = isRootMounted ? "" : "/\(app.name)"
            let base = mount + app.clientBasePath
            lines.append(row(app.displayName, origin + (base.isEmpty ? "/" : base)))
            if app.apiDocument != nil { lines.append(row("", "API document  \(origin)\(mount)/\(APIDocument.fileName)")) }
            if let pages = app.webPagesPath { lines.append(row("", "web pages     \(origin)\(mount)\(pages)")) }
        }
        lines.append("")
        // At the root an app may answer /health itself; the platform's stay under /_hearth.
        let platform = isRootMounted ? "/_hearth" : ""
        if !isRootMounted { lines.append(row("Home", origin + "/")) }
        lines += [
            row("Health", origin + platform + "/health"), row("Metrics", origin + platform + "/metrics"), row("Storage", storage),
            "", "Stop with Ctrl-C.",
        ]
        return lines.joined(separator: "\n")
    }
}
