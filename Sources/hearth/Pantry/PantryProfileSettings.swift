/// What a profile remembers besides its data: which server it uses.
struct PantryProfileSettings: ClientProfileSettings, Equatable {
    static let defaultServer = "http://127.0.0.1:8080/api"

    var server: String = defaultServer
}
