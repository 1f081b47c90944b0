import Foundation
import HearthCore
import Hummingbird

/// An app's OpenAPI 3 document, hand-written as `Resources/openapi.json` of its module and
/// served by the platform at `<mount>/openapi.json`.
///
/// The document's only server is `"url": "/"`; when the app is mounted below the root
/// (`/wishwithme` under `hearth serve`) that URL is served as the mount path, so tools that
/// load the document from the server (fuzzers, Swagger UI, code generators) call the
/// routes where they are.
public struct APIDocument: Sendable {
    public static let fileName = "openapi.json"
    static let rootServerURL = "\"url\": \"/\""

    /// The document as written, or `nil` when its resource is missing or not JSON (then
    /// the route answers 503 rather than serve something broken).
    public let text: String?

    public init(text: String?) {
        self.text = text.flatMap { (try? JSONParser().parse($0)) != nil ? $0 : nil }
    }

    /// `Resources/openapi.json` of `module` (its SwiftPM target name).
    public init(resourceOf module: String) {
        let data = ResourceBundle.url(module: module, resource: "openapi", extension: "json").flatMap { try? Data(contentsOf: $0) }
        self.init(text: data.map { String(decoding: $0, as: UTF8.self) })
    }

    /// The document with its server URL set to `mountPath` (unchanged at the root).
    public func mounted(at mountPath: String) -> String? {
        guard let text else { return nil }
        guard !mountPath.isEmpty, let range = text.range(of: Self.rootServerURL) else { return text }
        return text.replacingCharacters(in: range, with: "\"url\": " + JSONValue.string(mountPath).serializedString())
    }

    /// `GET <mount>/openapi.json`.
    func register(on routes: RouterGroup<HearthRequestContext>, mountPath: String) {
        let body = mounted(at: mountPath)
        routes.get(RouterPath(Self.fileName)) { _, _ in
            guard let body else {
                throw APIError(
                    .serviceUnavailable, code: .serviceUnavailable,
                    message: "The API description is not available on this server; its resource bundle is missing")
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
