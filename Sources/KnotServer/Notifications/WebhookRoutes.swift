import HearthCore
import HearthServer
import Hummingbird
import HTTPTypes

/// The compatibility webhooks (spec §5.6 process, §5.8 analyze) for deployments that let
/// QStash deliver jobs: signed with `Upstash-Signature` (§9.4), no user token. The
/// built-in scheduler runs the same handlers in process.
struct WebhookRoutes: Sendable {
    static let maxBodyBytes = 4 * 1024
    static let processPath = "api/v1/notifications/process"
    static let analyzePath = "api/v1/feedback/analyze"

    let signature: WebhookSignature
    /// The public URL of the app's mount, which QStash signs the full URL with.
    let baseURL: String
    let processor: ReminderProcessor
    let learning: FeedbackAnalysis
    let clock: any WallClock

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.post(RouterPath(Self.processPath)) { request, context in try await process(request, context) }
        routes.post(RouterPath(Self.analyzePath)) { request, context in try await analyze(request, context) }
    }

    func process(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await verifiedBody(request, path: Self.processPath)
        let fields = try BodyFields(try Self.json(body))
        let notificationID = try fields.requiredString("notification_id", maxLength: 64)
        _ = try fields.requiredString("user_id", maxLength: 64)
        _ = try fields.requiredString("milestone_id", maxLength: 64)
        _ = try fields.requiredInt("days_before", in: 0...366)
        guard let id = KnotID.normalized(notificationID) else { throw APIError.knotNotFound(NotificationRoutes.notFound) }
        let outcome: ReminderProcessor.Outcome?
        do {
            outcome = try await processor.process(notificationID: id)
        } catch {
            // QStash retries what does not succeed.
            throw APIError(.serviceUnavailable, code: .serviceUnavailable, message: "Processing failed; try again later.")
        }
        guard let outcome else { throw APIError.knotNotFound(NotificationRoutes.notFound) }
        return Response.json(outcome.json)
    }

    func analyze(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await verifiedBody(request, path: Self.analyzePath)
        var userID: String?
        if !body.isEmpty {
            let fields = try BodyFields(try Self.json(body))
            userID = try fields.optionalString("user_id", maxLength: 64).map { KnotID.normalized($0) ?? $0 }
        }
        let outcome = try await learning.run(userID: userID)
        return Response.json([
            "status": "completed", "users_analyzed": .int(Int64(outcome.usersAnalyzed)),
            "weights_updated": .int(Int64(outcome.weightsUpdated)),
        ])
    }

    /// The raw body, once its signature is good; 401 otherwise.
    private func verifiedBody(_ request: Request, path: String) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: Self.maxBodyBytes)
        let body = Array(buffer.readableBytesView)
        do throws(WebhookSignature.Failure) {
            try signature.verify(
                request.headers[HTTPField.Name(WebhookSignature.header)!], url: baseURL + "/" + path, body: body,
                now: clock.now.millisecondsSince1970 / 1000)
        } catch {
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid or missing Upstash-Signature")
        }
        return body
    }

    private static func json(_ body: [UInt8]) throws -> JSONValue {
        guard let value = try? JSONParser(limits: .init(maxBytes: maxBodyBytes, maxDepth: 8, maxStringBytes: maxBodyBytes)).parse(body)
        else { throw APIError.validation("JSON decode error: the body is not valid JSON") }
        return value
    }
}
