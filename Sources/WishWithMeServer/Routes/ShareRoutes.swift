import HearthCore
import HearthServer
import Hummingbird

/// Share links (spec §5): create, revoke, and follow (grant access).
struct ShareRoutes: Sendable {
    let service: ShareService
    let settings: WishWithMeSettings
    let mountPath: String
    /// Following links is throttled per address like sign-in (spec §8.21): tokens are
    /// unguessable, but nobody should get to try millions.
    let grantThrottle: AuthAddressThrottleMiddleware

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.post("api/v1/wishlists/:wishlist/share") { request, context in try await create(request, context) }
        api.delete("api/v1/wishlists/:wishlist/share/:share") { _, context in try await revoke(context) }
        api.group("api/v1/shared").add(middleware: grantThrottle)
            .post(":token/grant-access") { _, context in try await grant(context) }
    }

    func create(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try CreateShareRequest(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        let share = try await service.create(
            wishlistID: context.pathParameter("wishlist"), by: try context.requireUser(), linkType: input.linkType,
            expiresInDays: input.expiresInDays, shareURLBase: settings.shareURLBase(for: request, mountPath: mountPath))
        return Response.json(ShareResponse.render(share), status: .created)
    }

    func revoke(_ context: HearthRequestContext) async throws -> Response {
        try await service.revoke(
            shareID: context.pathParameter("share"), wishlistID: context.pathParameter("wishlist"),
            by: try context.requireUser())
        return Response(status: .noContent)
    }

    func grant(_ context: HearthRequestContext) async throws -> Response {
        let grant = try await service.grantAccess(token: context.pathParameter("token"), to: try context.requireUser())
        return Response.json([
            "wishlist_id": .string(grant.wishlistID), "permissions": .array(grant.linkType.permissions.map(JSONValue.string)),
        ])
    }
}
