/// `hearth wish`: the Wish With Me client's names and hints.
enum WishClientApp: ClientApp {
    static let commandName = "wish"
    static let appName = "wishwithme"
    static let environmentPrefix = "HEARTH_WISH"
    static let serverHelp =
        "The Wish With Me server, e.g. http://127.0.0.1:8080. Remembered per profile. [env: HEARTH_WISH_SERVER] (default: http://127.0.0.1:8080)"
    static let serverExample = "http://host:port"
    static let serverHint = ""
}

/// Options every `hearth wish` command takes.
typealias WishOptions = ClientOptions<WishClientApp>

/// Where a `hearth wish` password comes from: the option, HEARTH_WISH_PASSWORD, a prompt, or stdin.
typealias WishPasswordOptions = PasswordOptions<WishClientApp>
