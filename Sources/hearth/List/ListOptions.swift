/// `hearth list`: the ListAll client's names and hints.
enum ListClientApp: ClientApp {
    static let commandName = "list"
    static let appName = "listall"
    static let environmentPrefix = "HEARTH_LIST"
    static let serverHelp =
        "The ListAll server, e.g. http://127.0.0.1:8080 (hearth serve --app listall) or http://127.0.0.1:8080/listall. Remembered per profile. [env: HEARTH_LIST_SERVER] (default: http://127.0.0.1:8080)"
    static let serverExample = "http://host:port"
    static let serverHint = " (ending in /listall when the server serves every app)"
}

/// Options every `hearth list` command takes.
typealias ListOptions = ClientOptions<ListClientApp>

/// Where a `hearth list` password comes from: the option, HEARTH_LIST_PASSWORD, a prompt, or stdin.
typealias ListPasswordOptions = PasswordOptions<ListClientApp>

/// What a profile remembers besides its data: which server it uses.
struct ListProfileSettings: ClientProfileSettings, Equatable {
    static let defaultServer = "http://127.0.0.1:8080"

    var server: String = defaultServer
}
