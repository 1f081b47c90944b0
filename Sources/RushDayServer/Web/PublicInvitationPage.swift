import GRPCCore
import HearthServer
import Hummingbird

/// `/i/<id>`: an event's public invitation, read through ``PublicInvitations`` like
/// `GetPublicInvitation`.
struct PublicInvitationPage: Sendable {
    let web: RushDayWeb

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let visit = try await web.site.visit(request)
        do {
            let view = try await PublicInvitations(components: web.components)
                .invitation(id: context.pathParameter("id"), address: context.clientAddress)
            let values = RushDayWeb.eventValues(
                name: view.event.name, date: view.event.date, end: view.event.endDate, isAllDay: view.event.isAllDay,
                venue: view.event.venue, hostName: view.hostName, message: view.message)
            return web.site.page("public-invitation", values, visit: visit)
        } catch let error as RPCError {
            return error.code == .resourceExhausted ? web.tooManyRequests(visit) : web.notFound(visit)
        }
    }
}
