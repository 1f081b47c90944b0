import HearthServer

extension TestServer {
    /// The administrator of the app named `appName` as `hearth admin` builds it: from a
    /// platform of its own over the server's database, sharing nothing in memory with the
    /// running server, as another process would.
    public func administrator(for appName: String) async throws -> AccountAdministrator {
        let operatorPlatform = try HearthPlatform(
            configuration: platform.configuration, database: platform.database, available: platform.apps,
            secret: Array(repeating: 9, count: 32), clock: platform.clock, threadPool: .singleton, logger: .quietTestLogger)
        guard let app = platform.apps.first(where: { $0.name == appName }),
            let administrator = await operatorPlatform.administrator(for: app)
        else { throw NoAdministration(app: appName) }
        return administrator
    }
}

/// The app is not served or has no accounts to administer.
public struct NoAdministration: Error, CustomStringConvertible {
    public let app: String
    public var description: String { "\(app) is not served or has no account administration" }
}
