import WishWithMeKit

/// What a profile remembers besides its data: which server and protocol it uses.
struct WishProfileSettings: ClientProfileSettings, Equatable {
    static let defaultServer = "http://127.0.0.1:8080"

    var server: String = defaultServer
    var syncProtocol: WishSyncProtocol = .delta

    enum CodingKeys: String, CodingKey {
        case server
        case syncProtocol = "protocol"
    }
}
