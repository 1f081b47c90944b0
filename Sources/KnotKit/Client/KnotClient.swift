@_exported import KnotRules
import Foundation
import HearthClient
import HearthCore

/// Everything the Knot app needs beneath its screens, for one account on one device: the
/// auth session and the typed API. Knot keeps nothing offline but saved recommendations;
/// every other read asks the server.
public final class KnotClient: Sendable {
    public struct Configuration: Sendable {
        /// The app's Supabase URL: where `/auth/v1` is. `http://127.0.0.1:8080` for
        /// `hearth serve --app knot`, `…/knot` when every app is served.
        public var serverURL: URL
        /// The app's API base URL, ending in `/api/v1`; by default under `serverURL`.
        public var apiURL: URL
        /// The anon key the server checks as `apikey` (`HEARTH_KNOT_AUTH_ANON_KEY`), if any.
        public var apiKey: String?
        public var transport: any HTTPTransport
        /// Where credentials live: the Keychain on iOS, a 0600 file on Linux.
        public var tokenStore: any TokenStore
        public var savedStore: any SavedRecommendationStore
        public var clock: any WallClock

        public init(
            serverURL: URL, apiURL: URL? = nil, apiKey: String? = nil, transport: any HTTPTransport, tokenStore: any TokenStore,
            savedStore: any SavedRecommendationStore, clock: any WallClock = SystemWallClock()
        ) {
            self.serverURL = serverURL
            self.apiURL = apiURL ?? serverURL.appendingPathComponent("api").appendingPathComponent("v1")
            self.apiKey = apiKey
            self.transport = transport
            self.tokenStore = tokenStore
            self.savedStore = savedStore
            self.clock = clock
        }

        /// Credentials (`tokens.json`, 0600) and saved recommendations
        /// (`saved-recommendations.json`) in `directory`.
        public init(
            serverURL: URL, directory: String, apiKey: String? = nil, transport: any HTTPTransport, clock: any WallClock = SystemWallClock()
        ) {
            self.init(
                serverURL: serverURL, apiKey: apiKey, transport: transport, tokenStore: FileTokenStore(path: directory + "/tokens.json"),
                savedStore: JSONFileSavedRecommendationStore(path: directory + "/saved-recommendations.json"), clock: clock)
        }
    }

    public let session: AuthSession
    public let auth: KnotAuth
    public let api: KnotAPI
    public let vault: VaultService
    public let hints: HintService
    public let recommendations: RecommendationService
    public let saved: SavedRecommendations
    public let notifications: NotificationService
    public let account: AccountService

    public init(_ configuration: Configuration) {
        let endpoint = GoTrueEndpoint(serverURL: configuration.serverURL, apiKey: configuration.apiKey, transport: configuration.transport)
        session = AuthSession(
            transport: configuration.transport, tokens: configuration.tokenStore,
            refresher: GoTrueTokenRefresher(endpoint: endpoint, clock: configuration.clock))
        auth = KnotAuth(endpoint: endpoint, session: session, clock: configuration.clock)
        api = KnotAPI(baseURL: configuration.apiURL, session: session, clock: configuration.clock)
        vault = VaultService(api: api)
        hints = HintService(api: api)
        recommendations = RecommendationService(api: api)
        saved = SavedRecommendations(recommendations: recommendations, store: configuration.savedStore, clock: configuration.clock)
        notifications = NotificationService(api: api)
        account = AccountService(api: api, auth: auth, saved: saved)
    }
}
