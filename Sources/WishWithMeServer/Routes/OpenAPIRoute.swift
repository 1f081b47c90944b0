import Foundation
import HearthCore
import HearthServer
import Hummingbird

/// `GET /openapi.json`: the OpenAPI 3.0.3 description of the app's HTTP API, the
/// hand-written `Resources/openapi.json` of this module, read once.
///
/// The document's only server is `"url": "/"`; when the app is mounted below the root
/// (`/wishwithme` under `hearth serve`) that URL is answered as the mount path, so tools
/// that load the document from the server (fuzzers, Swagger UI, code generators) call
/// the routes where they are.
struct OpenAPIRoute: Sendable {
    static let fileName = "openapi.json"
    static let rootServerURL = "\"url\": \"/\""

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.get(RouterPath(Self.fileName)) { request, _ in try Self.response(path: request.uri.path) }
    }

    /// - Parameter path: the request path, `{mount}/openapi.json`.
    static func response(path: String) throws -> Response {
        guard let document else {
            throw APIError(
                .serviceUnavailable, code: .serviceUnavailable,
                message: "The API description is not available on this server; its resource bundle is missing")
        }
        let body = ByteBuffer(string: mounted(document, at: mountPath(of: path)))
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// `/wishwithme` for `/wishwithme/openapi.json`, empty at the root.
    static func mountPath(of path: String) -> String {
        let suffix = "/" + fileName
        guard path.hasSuffix(suffix) else { return "" }
        return String(path.dropLast(suffix.count))
    }

    /// The document with its server URL set to `mountPath` (unchanged at the root).
    static func mounted(_ document: String, at mountPath: String) -> String {
        guard !mountPath.isEmpty, let range = document.range(of: rootServerURL) else { return document }
        return document.replacingCharacters(in: range, with: "\"url\": " + JSONValue.string(mountPath).serializedString())
    }

    /// The document, loaded on first use; `nil` when the resource cannot be found or is
    /// not valid JSON (then the route answers 503 instead of serving something broken).
    static let document: String? = {
        guard let url = resourceURL(), let data = try? Data(contentsOf: url), (try? JSONParser().parse(data)) != nil else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }()

    /// Where SwiftPM put the resource bundle: beside the executable, the test bundle or
    /// the app bundle. Looked up by hand rather than with `Bundle.module`, whose accessor
    /// stops the process when the bundle is missing (for example a binary copied alone).
    static func resourceURL() -> URL? {
        let names = ["Hearth_WishWithMeServer.resources", "Hearth_WishWithMeServer.bundle"]
        let directories = [
            Bundle.main.bundleURL, Bundle.main.resourceURL, Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle(for: BundleLocator.self).bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in directories {
            for name in names {
                let candidate = directory.appendingPathComponent(name, isDirectory: true)
                guard FileManager.default.fileExists(atPath: candidate.path), let bundle = Bundle(url: candidate),
                    let url = bundle.url(forResource: "openapi", withExtension: "json")
                else { continue }
                return url
            }
        }
        return nil
    }
}

/// A class of this module, so `Bundle(for:)` finds the bundle that holds its code.
private final class BundleLocator {}
