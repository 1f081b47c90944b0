import Foundation
import HearthClient
import PantryPalKit

/// `hearth pantry`: the PantryPal client's names and hints.
enum PantryClientApp: ClientApp {
    static let commandName = "pantry"
    static let appName = "pantrypal"
    static let environmentPrefix = "HEARTH_PANTRY"
    static let serverHelp =
        "The PantryPal API, ending in /api: http://127.0.0.1:8080/api for `hearth serve --app pantrypal`, …/pantrypal/api when all apps are served. Remembered per profile. [env: HEARTH_PANTRY_SERVER] (default: http://127.0.0.1:8080/api)"
    static let serverExample = "http://host:port/api"
    static let serverHint = " (ending in /api)"

    static func meansSignedOut(_ error: any Error) -> Bool {
        switch error {
        case ClientError.signedOut, PantryPalError.signedOut: true
        default: false
        }
    }
}

/// Options every `hearth pantry` command takes.
typealias PantryOptions = ClientOptions<PantryClientApp>

/// Where a `hearth pantry` password comes from: the option, HEARTH_PANTRY_PASSWORD, a prompt, or stdin.
typealias PantryPasswordOptions = PasswordOptions<PantryClientApp>
