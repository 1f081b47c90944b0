import HearthCore
import HearthServer
import Hummingbird

/// `/bookmarks` (wishlists shared with the user) and `/profile` (name, bio, language,
/// birthday), the profile saved through the same rule as a profile push from the app.
struct ProfilePages: Sendable {
    let web: WishWithMeWeb
    var site: WebSite { web.site }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.get("bookmarks") { request, _ in try await bookmarks(request) }
        routes.get("profile") { request, _ in try await profile(request, visit: try await web.visit(request), error: nil) }
        routes.post("profile") { request, _ in try await save(request) }
    }

    func bookmarks(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        let bookmarks = try await web.sync.pull(.bookmarks, userID: userID)
            .sorted { ($0["last_accessed_at"]?.stringValue ?? "") > ($1["last_accessed_at"]?.stringValue ?? "") }
            .compactMap { bookmark -> [String: Any]? in
                guard let wishlistID = bookmark["wishlist_id"]?.stringValue else { return nil }
                return [
                    "wishlist_id": WebPath.bare(wishlistID), "name": bookmark["wishlist_name"]?.stringValue ?? "",
                    "owner": bookmark["owner_name"]?.stringValue ?? "",
                ]
            }
        return site.page("bookmarks", ["bookmarks": bookmarks, "has_bookmarks": !bookmarks.isEmpty], visit: visit)
    }

    func profile(_ request: Request, visit: WebVisit, error: String?, status: HTTPResponse.Status = .ok, saved: Bool = false) async throws
        -> Response
    {
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        let user = try await web.accounts.profile(of: userID)
        let locale = user?.data["locale"]?.stringValue ?? visit.language
        let context: [String: Any] = [
            "name": user?.data["name"]?.stringValue ?? "", "bio": user?.data["bio"]?.stringValue ?? "",
            "birthday": user?.data["birthday"]?.stringValue ?? "", "locale_en": locale == "en", "locale_ru": locale == "ru",
            "email": try await web.accounts.account(userID: userID)?.email ?? "", "error": error ?? "", "saved": saved,
        ]
        return site.page("profile", context, visit: visit, status: status)
    }

    func save(_ request: Request) async throws -> Response {
        var visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        func optional(_ name: String) -> JSONValue {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? .null : .string(value)
        }
        let current = try await web.accounts.profile(of: userID)
        var document = current?.data.objectValue ?? [:]
        document["_id"] = .string(userID)
        document["type"] = "user"
        document["name"] = .string((form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        document["bio"] = optional("bio")
        document["birthday"] = optional("birthday")
        document["locale"] = .string(form["locale"] ?? visit.language)
        document["updated_at"] = .string(LegacyTimestamp.format(web.services.clock.now))
        if let conflict = try await web.sync.push(.users, userID: userID, documents: [.object(document)]).first {
            return try await profile(request, visit: visit, error: conflict.error, status: .unprocessableContent)
        }
        if let locale = form["locale"], WishWithMeWeb.languages.contains(locale) { visit.language = locale }
        return try await profile(request, visit: visit, error: nil, saved: true)
    }
}
