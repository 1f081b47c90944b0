import ArgumentParser
import Foundation

/// Where a client command keeps a profile's data: `<client dir>/<app>/<profile>`, the
/// client dir being --client-dir, $HEARTH_CLIENT_DIR, $XDG_DATA_HOME/hearth or
/// ~/.local/share/hearth.
enum ClientProfile {
    static func directory(app: String, profile: String, clientDirectory: String?, environment: [String: String]) -> String {
        let base: String
        if let clientDirectory {
            base = clientDirectory
        } else if let configured = environment["HEARTH_CLIENT_DIR"], !configured.isEmpty {
            base = configured
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            base = xdg + "/hearth"
        } else {
            // $HOME first, as every XDG tool does; Foundation's home directory ignores it.
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/.local/share/hearth"
        }
        return base + "/" + app + "/" + profile
    }

    static func validate(profile name: String, server: String?) throws {
        guard !name.isEmpty, name.count <= 64,
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" })
        else {
            throw ValidationError("A profile name uses letters, digits, '-' and '_' (up to 64), e.g. --profile alice")
        }
        if let server, URL(string: server)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--server must be an http:// or https:// URL, e.g. http://127.0.0.1:8080")
        }
    }
}
