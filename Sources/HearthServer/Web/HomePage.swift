import HearthCore
import Hummingbird

/// `GET /` when every app is served: what this server is and where each app lives, as
/// JSON for `Accept: application/json`, or that same document rendered by the `home`
/// template for a browser. With `--app X` the root belongs to that app and this page is
/// not registered.
struct HomePage: Sendable {
    let document: JSONValue
    let templates: PageTemplates

    init(apps: [any HearthApp], version: String, templates: PageTemplates) {
        self.templates = templates
        document = .object([
            "name": "Hearth", "version": .string(version), "health": "/health", "metrics": "/metrics",
            "apps": .array(apps.map { app in
                let mount = "/\(app.name)"
                return .object([
                    "name": .string(app.name), "title": .string(app.displayName), "summary": .string(app.summary),
                    "url": .string(mount), "api_base_url": .string(mount + app.clientBasePath),
                    "api_document": app.apiDocument.map { _ in .string("\(mount)/\(APIDocument.fileName)") } ?? .null,
                    "web_pages": app.webPagesPath.map { .string(mount + $0) } ?? .null,
                ])
            }),
        ])
    }

    func register(on router: Router<HearthRequestContext>) {
        router.get("/") { request, _ in try response(for: request) }
    }

    func response(for request: Request) throws -> Response {
        if Self.prefersJSON(request.headers[.accept]) { return Response.json(document) }
        guard let html = templates.render(document.mustacheContext, template: "home") else {
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
}
