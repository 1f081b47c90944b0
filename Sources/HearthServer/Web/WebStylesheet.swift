import Foundation
import Hummingbird

/// The one stylesheet of every app's pages (`Resources/Static/hearth.css`), read once and
/// served at `<mount>/static/hearth.css`, so pages need no inline style (the
/// Content-Security-Policy allows none).
extension WebSite {
    static let stylesheet: ByteBuffer? = ResourceBundle.directory(module: "HearthServer")
        .map { $0.appendingPathComponent("Static/hearth.css") }
        .flatMap { try? Data(contentsOf: $0) }
        .map { ByteBuffer(bytes: $0) }

    public func registerStylesheet(on routes: RouterGroup<HearthRequestContext>) {
        routes.get("static/hearth.css") { _, _ in
            guard let css = Self.stylesheet else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = "text/css; charset=utf-8"
            headers[.cacheControl] = "public, max-age=3600"
            headers[.xContentTypeOptions] = "nosniff"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: css))
        }
    }
}
