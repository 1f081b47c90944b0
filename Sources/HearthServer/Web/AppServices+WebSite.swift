extension AppServices {
    /// Where the app is mounted: `""` when it is served alone at the root (`--app`),
    /// `/<name>` under `hearth serve`.
    public var mountPath: String { configuration.rootApp == nil ? "/\(appName)" : "" }

    /// The platform's web machinery for this app's pages, with the templates and texts of
    /// `module`'s resources (`Resources/Templates`, `Resources/strings.json`).
    public func webSite(module: String, languages: [String]) -> WebSite {
        let secure = configuration.tls != nil || (configuration.publicURL?.hasPrefix("https://") ?? false)
        return WebSite(
            sessions: WebSessions(app: appName, database: database, clock: clock), templates: PageTemplates.bundled(module: module),
            strings: PageStrings.bundled(module: module, languages: languages), mountPath: mountPath, secureCookies: secure)
    }
}
