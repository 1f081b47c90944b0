import HearthCore
import Hummingbird

/// `GET /` when every app is served: what this server is and where each app lives, as a
/// small HTML page for a browser, or as JSON for `Accept: application/json`. With
/// `--app X` the root belongs to that app and this page is not registered.
struct HomePage: Sendable {
    struct Entry: Sendable {
        let name: String
        let title: String
        let summary: String
        let url: String
        let apiBaseURL: String
        let apiDocument: String?
        let webPages: String?
    }

    let version: String
    let entries: [Entry]
    let templates: PageTemplates

    init(apps: [any HearthApp], version: String, templates: PageTemplates) {
        self.version = version
        self.templates = templates
        entries = apps.map { app in
            Entry(
                name: app.name, title: app.displayName, summary: app.summary, url: "/\(app.name)",
                apiBaseURL: "/\(app.name)\(app.clientBasePath)", apiDocument: app.apiDocument.map { _ in "/\(app.name)/\(APIDocument.fileName)" },
                webPages: app.webPagesPath.map { "/\(app.name)\($0)" })
        }
    }

    func register(on router: Router<HearthRequestContext>) {
        router.get("/") { request, _ in try response(for: request) }
    }

    func response(for request: Request) throws -> Response {
        if Self.prefersJSON(request.headers[.accept]) { return Response.json(json) }
        guard let html = templates.render(context, template: "home") else {
            throw APIError(.serviceUnavailable, code: .serviceUnavailable, message: "The page templates are missing from this server's resources")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// JSON when the client asks for it and not for HTML (browsers always list HTML).
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("application/json") && !accept.contains("text/html")
    }

    var json: JSONValue {
        .object([
            "name": "Hearth", "version": .string(version), "health": "/health", "metrics": "/metrics",
            "apps": .array(entries.map { entry in
                .object([
                    "name": .string(entry.name), "title": .string(entry.title), "summary": .string(entry.summary),
                    "url": .string(entry.url), "api_base_url": .string(entry.apiBaseURL),
                    "api_document": entry.apiDocument.map(JSONValue.string) ?? .null,
                    "web_pages": entry.webPages.map(JSONValue.string) ?? .null,
                ])
            }),
        ])
    }

    var context: [String: Any] {
        [
            "version": version, "health": "/health", "metrics": "/metrics",
            "apps": entries.map { entry -> [String: Any] in
                var app: [String: Any] = [
                    "name": entry.name, "title": entry.title, "summary": entry.summary, "url": entry.url, "apiBaseURL": entry.apiBaseURL,
                ]
                if let document = entry.apiDocument { app["apiDocument"] = document }
                if let pages = entry.webPages { app["webPages"] = pages }
                return app
            },
        ]
    }
}
