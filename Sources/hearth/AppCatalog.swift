import HearthServer

/// Every app this build of `hearth` can serve. Each `<App>Server` module adds its
/// `HearthApp` conformance here.
enum AppCatalog {
    static let available: [any HearthApp] = []
}
