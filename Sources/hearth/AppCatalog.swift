import Foundation
import HearthServer
import KnotServer
import ListAllServer
import PantryPalServer
import RushDayServer
import WishWithMeServer

/// Every app this build of `hearth` can serve, each configured from its own `HEARTH_*`
/// environment variables. Each `<App>Server` module adds its `HearthApp` conformance here.
enum AppCatalog {
    static func available(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError)
        -> [any HearthApp]
    {
        [
            WishWithMeApp(settings: try WishWithMeSettings.fromEnvironment(environment)),
            PantryPalApp(settings: try PantryPalSettings.fromEnvironment(environment)),
            ListAllApp(),
            KnotApp(settings: try KnotSettings.fromEnvironment(environment)),
            RushDayApp(settings: try RushDaySettings.fromEnvironment(environment)),
        ]
    }
}
