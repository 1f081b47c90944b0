import HearthCore
import HearthServer
import Hummingbird

/// Rush Day's pages for people without the app, on its HTTP mount: a guest's invitation
/// (`/g/<encoded_data>`, answered with a form) and an event's public invitation
/// (`/i/<id>`). Server-rendered with the platform's templates and stylesheet, no script
/// needed; forms carry the platform's CSRF token. Every read and answer goes through the
/// same code as the public RPCs (``GuestRSVP``, ``PublicInvitations``).
struct RushDayWeb: Sendable {
    let components: RushDayComponents
    let site: WebSite

    init(components: RushDayComponents, services: AppServices) {
        self.components = components
        site = services.webSite(module: "RushDayServer", languages: ["en"])
    }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let pages = routes.group().add(middleware: WebErrorPages(site: site))
        site.registerStaticAssets(on: pages)
        let guests = GuestPages(web: self)
        pages.get("g/:code") { request, context in try await guests.show(request, context: context) }
        pages.post("g/:code") { request, context in try await guests.answer(request, context: context) }
        pages.get("i/:id") { request, context in try await PublicInvitationPage(web: self).show(request, context: context) }
    }

    func notFound(_ visit: WebVisit) -> Response {
        site.page("not-found", [:], visit: visit, status: .notFound)
    }

    func tooManyRequests(_ visit: WebVisit) -> Response {
        site.page(
            "error", ["status": 429, "message": "Too many requests from your network. Please wait a minute and try again."], visit: visit,
            status: .tooManyRequests)
    }

    /// The values of the event part of both invitation pages.
    static func eventValues(
        name: String, date: Timestamp, end: Timestamp?, isAllDay: Bool, venue: String?, hostName: String,
        message: String?
    ) -> [String: Any] {
        [
            "title": name, "event_name": name, "when": EventDateText.describe(date: date, end: end, isAllDay: isAllDay),
            "venue": venue ?? "", "host_name": hostName, "message": message ?? "",
        ]
    }
}
