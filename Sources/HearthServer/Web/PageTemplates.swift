import Foundation
import Mustache

/// The platform's server-rendered pages: the mustache templates of HearthServer's
/// `Resources/Templates`, parsed once at start. Apps with web pages of their own render
/// them through this too, so every page shares one layout and one way of escaping.
public struct PageTemplates: Sendable {
    let library: MustacheLibrary?

    /// The templates bundled with the server; none when the bundle is missing (a binary
    /// copied without its resources), in which case pages answer 503.
    public static func bundled() async -> PageTemplates {
        guard let directory = ResourceBundle.directory(module: "HearthServer")?.appendingPathComponent("Templates") else {
            return PageTemplates(library: nil)
        }
        return PageTemplates(library: try? await MustacheLibrary(directory: directory.path))
    }

    /// `context` (dictionaries, arrays, strings, booleans) rendered with `template`;
    /// values are HTML-escaped unless a template asks otherwise.
    public func render(_ context: [String: Any], template: String) -> String? {
        library?.render(context, withTemplate: template)
    }

    public var isAvailable: Bool { library != nil }
}
