import HTTPTypes
import Hummingbird

/// The responses of Hearth's server-rendered pages, with the headers every page carries:
/// a Content-Security-Policy that allows only this server's own stylesheet and script
/// (no inline script, so injected markup cannot run), images only from itself or `data:`
/// (QR codes, item images the server stored: a third-party image would tell its host
/// who looks at a page, and when), forms posting only back here, no framing, no referrer (share
/// tokens are in page addresses), and nothing cached.
public enum WebPageResponse {
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    public static func page(_ html: String, status: HTTPResponse.Status = .ok, cookies: [String] = []) -> Response {
        var headers = securityHeaders(cookies: cookies)
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// 303 See Other: after a form post the browser fetches `location` with GET, so a
    /// reload never posts twice.
    public static func redirect(to location: String, cookies: [String] = []) -> Response {
        var headers = securityHeaders(cookies: cookies)
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }

    static func securityHeaders(cookies: [String]) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        if let referrerPolicy = HTTPField.Name("Referrer-Policy") { headers[referrerPolicy] = "no-referrer" }
        headers[.cacheControl] = "no-store"
        headers[.xContentTypeOptions] = "nosniff"
        if let frameOptions = HTTPField.Name("X-Frame-Options") { headers[frameOptions] = "DENY" }
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return headers
    }
}
