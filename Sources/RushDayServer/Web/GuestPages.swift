import GRPCCore
import HearthServer
import Hummingbird
import RushDayProto

/// `/g/<encoded_data>`: the guest's invitation with an accept/decline form and the number
/// of companions (0 … what the host allowed); the answer goes through ``GuestRSVP`` like
/// `RespondToGuestInvitation`, then the page shows it with a thank-you (post, redirect, get).
struct GuestPages: Sendable {
    let web: RushDayWeb
    var site: WebSite { web.site }
    var rsvp: GuestRSVP { GuestRSVP(components: web.components) }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let visit = try await site.visit(request)
        let code = context.pathParameter("code")
        do {
            let view = try await rsvp.invitation(code: code, address: context.clientAddress)
            let answered = request.uri.queryParameters["answered"] != nil
            return page(view, code: code, visit: visit, answered: answered)
        } catch let error as RPCError {
            return refusal(error, visit: visit)
        }
    }

    func answer(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let visit = try await site.visit(request)
        let code = context.pathParameter("code")
        guard let form = try await site.form(request, visit: visit) else {
            return site.page("forbidden", [:], visit: visit, status: .forbidden)
        }
        let answer: Rushday_V1_GuestResponse =
            switch form["response"] {
            case "accept": .accept
            case "decline": .decline
            default: .unspecified
            }
        var companions: Int32?
        if answer == .accept, let text = form["companions"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let number = Int32(text) else {
                return try await retry(code: code, visit: visit, error: "Enter the number of companions as a whole number.")
            }
            companions = number
        }
        do {
            _ = try await rsvp.respond(code: code, answer: answer, accompany: companions, address: context.clientAddress)
            return site.redirect("/g/\(code)?answered=1", visit: visit)
        } catch let error as RPCError {
            switch error.code {
            case .failedPrecondition:
                return try await retry(code: code, visit: visit, failure: error)
            case .invalidArgument where !error.message.hasPrefix("encoded_data"):
                return try await retry(code: code, visit: visit, failure: error)
            default:
                return refusal(error, visit: visit)
            }
        }
    }

    /// The form again, with what went wrong in words a guest understands.
    private func retry(code: String, visit: WebVisit, failure: RPCError? = nil, error: String? = nil) async throws -> Response {
        let view: GuestInvitationView
        do {
            view = try await rsvp.lookup(code: code)
        } catch let lookupError as RPCError {
            return refusal(lookupError, visit: visit)
        }
        let allowed = view.guest.accompanyAllowed
        let message: String
        if let error {
            message = error
        } else if !view.canRespond {
            message = "This event has ended, so answers are closed."
        } else if failure?.message.hasPrefix("response") == true {
            message = "Choose whether you'll be there or not."
        } else if allowed == 0 {
            message = "This invitation is for you alone, so please answer without companions."
        } else {
            message = "Your invitation allows up to \(allowed) companion\(allowed == 1 ? "" : "s"). Please choose a number from 0 to \(allowed)."
        }
        let status: HTTPResponse.Status = failure?.code == .failedPrecondition ? .conflict : .badRequest
        return page(view, code: code, visit: visit, answered: false, error: message, status: status)
    }

    private func page(
        _ view: GuestInvitationView, code: String, visit: WebVisit, answered: Bool, error: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let guest = view.guest
        var values = RushDayWeb.eventValues(
            name: view.event.name, date: view.event.date, end: view.event.endDate, isAllDay: view.event.isAllDay, venue: view.event.venue,
            hostName: view.hostName, message: view.message)
        values["code"] = code
        values["guest_name"] = guest.name
        values["answer"] = Self.answerText(guest)
        values["can_respond"] = view.canRespond
        values["allows_companions"] = guest.accompanyAllowed > 0
        values["allowance"] = String(guest.accompanyAllowed)
        values["companions"] = String(min(guest.accompany, guest.accompanyAllowed))
        values["answered"] = answered
        values["error"] = error ?? ""
        return site.page("guest-invitation", values, visit: visit, status: status)
    }

    static func answerText(_ guest: GuestRecord) -> String {
        switch guest.status {
        case .accepted:
            guest.accompany == 0
                ? "You're coming."
                : "You're coming with \(guest.accompany) companion\(guest.accompany == 1 ? "" : "s")."
        case .declined: "You can't make it."
        case .invited, .notInvited: "You haven't answered yet."
        }
    }

    /// An invalid, revoked or deleted link is the friendly not-found page; too many
    /// requests a 429 page.
    func refusal(_ error: RPCError, visit: WebVisit) -> Response {
        error.code == .resourceExhausted ? web.tooManyRequests(visit) : web.notFound(visit)
    }
}
