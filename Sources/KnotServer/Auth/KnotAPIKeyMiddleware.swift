import HearthCore
import HearthServer
import HTTPTypes
import Hummingbird

/// The Supabase gateway's rule (research doc §7): when an anon key is configured, every
/// request must carry `apikey` equal to it or to the service-role key. Answers 401
/// `{"message": "No API key found in request"}` or `{"message": "Invalid API key"}`,
/// which both SDKs surface through `message`. Without an anon key it lets everything by.
public struct KnotAPIKeyMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    static let header = AuthHeaderName.apiKey

    let keys: [String]
    let isEnabled: Bool

    init(settings: KnotSettings) {
        keys = [settings.anonKey, settings.serviceRoleKey].compactMap { $0 }
        isEnabled = settings.anonKey != nil
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard isEnabled else { return try await next(request, context) }
        guard let given = request.headers[Self.header], !given.isEmpty else {
            return Self.refusal("No API key found in request", hint: "No `apikey` request header or url param was found.")
        }
        guard keys.contains(where: { ConstantTime.equal($0, given) }) else { return Self.refusal("Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key.") }
        return try await next(request, context)
    }

    static func refusal(_ message: String, hint: String) -> Response {
        Response.json(["message": .string(message), "hint": .string(hint)], status: .unauthorized)
    }
}
