import Foundation
import HearthCore
import Hummingbird

/// `<mount>/reset-password`: the page a one-time reset link opens, the same for every app
/// with accounts. `GET ?token=…` shows a form (the token goes into a hidden field);
/// posting it sets the new password, uses the link up and ends every session of the
/// account. Server-rendered, no script: a strict Content-Security-Policy, no referrer
/// (the token is in the address), nothing cached.
struct PasswordResetPage: Sendable {
    let administrator: AccountAdministrator
    let templates: PageTemplates

    /// Forms are small; anything bigger is not one of ours.
    static let maxFormBytes = 16 * 1024

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let page = routes.group(RouterPath(PasswordResetLink.path))
        page.get { request, _ in try await show(request) }
        page.group().add(middleware: administrator.services.authThrottle.addressMiddleware)
            .post { request, _ in try await submit(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let token = request.uri.queryParameters["token"].map(String.init) ?? ""
        guard !token.isEmpty, try await administrator.resetLinks.account(of: token, app: administrator.appName) != nil else {
            return try render(.unusable)
        }
        return try render(.form(token: token, error: nil))
    }

    func submit(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: Self.maxFormBytes)
        let fields = FormFields(String(decoding: body.readableBytesView, as: UTF8.self))
        let token = fields["token"] ?? ""
        guard !token.isEmpty, try await administrator.resetLinks.account(of: token, app: administrator.appName) != nil else {
            return try render(.unusable)
        }
        let password = fields["password"] ?? ""
        guard password == fields["confirm"] else {
            return try render(.form(token: token, error: "The two passwords are not the same; type them again."))
        }
        do {
            switch try await administrator.resetPassword(token: token, newPassword: password) {
            case .changed: return try render(.done)
            case .linkUnusable: return try render(.unusable)
            }
        } catch let error as APIError where error.code == .validationFailed {
            return try render(.form(token: token, error: Self.sentence(error.message)))
        }
    }

    enum State {
        case form(token: String, error: String?)
        case done
        case unusable
    }

    func render(_ state: State) throws -> Response {
        let nonce = Self.nonce()
        var context: [String: Any] = ["app": administrator.displayName, "nonce": nonce]
        let status: HTTPResponse.Status
        switch state {
        case .form(let token, let error):
            var form: [String: Any] = ["token": token, "action": PasswordResetLink.path]
            if let error { form["error"] = error }
            context["form"] = form
            status = error == nil ? .ok : .unprocessableContent
        case .done:
            context["done"] = true
            status = .ok
        case .unusable:
            context["unusable"] = true
            status = .gone
        }
        guard let html = templates.render(context, template: "password-reset") else {
            throw APIError(.serviceUnavailable, code: .serviceUnavailable, message: "The page templates are missing from this server's resources")
        }
        return Response(status: status, headers: Self.headers(nonce: nonce), body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func headers(nonce: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'nonce-\(nonce)'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[.known("Referrer-Policy")] = "no-referrer"
        headers[.cacheControl] = "no-store"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.known("X-Frame-Options")] = "DENY"
        return headers
    }

    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    /// An app's validation message ("'password' must be at least 8 characters") as a
    /// sentence for the page.
    static func sentence(_ message: String) -> String {
        let text = message.replacingOccurrences(of: "'password'", with: "The password")
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}
