import Foundation
import Hummingbird

/// The stylesheet and the one small script of every app's pages
/// (`Resources/Static/hearth.css`, `hearth.js`), read once and served below the app's
/// mount at `static/…`, so pages need no inline style or script (the
/// Content-Security-Policy allows none). Pages work without the script; it only adds
/// copy buttons and live refresh of regions marked for it.
extension WebSite {
    static let staticAssets: [String: (contentType: String, body: ByteBuffer)] = {
        guard let directory = ResourceBundle.directory(module: "HearthServer")?.appendingPathComponent("Static") else { return [:] }
        var assets: [String: (String, ByteBuffer)] = [:]
        for (name, type) in [("hearth.css", "text/css; charset=utf-8"), ("hearth.js", "text/javascript; charset=utf-8")] {
            if let data = try? Data(contentsOf: directory.appendingPathComponent(name)) { assets[name] = (type, ByteBuffer(bytes: data)) }
        }
        return assets
    }()

    public func registerStaticAssets(on routes: RouterGroup<HearthRequestContext>) {
        for name in ["hearth.css", "hearth.js"] {
            routes.get(RouterPath("static/\(name)")) { _, _ in
                guard let asset = Self.staticAssets[name] else { return Response(status: .notFound) }
                var headers = HTTPFields()
                headers[.contentType] = asset.contentType
                headers[.cacheControl] = "public, max-age=3600"
                headers[.xContentTypeOptions] = "nosniff"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: asset.body))
            }
        }
    }
}
