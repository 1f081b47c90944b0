import Foundation
import Mustache

/// Server-rendered pages: the mustache templates of a module's `Resources/Templates`,
/// parsed once at start (the platform's own, or an app's). Every page shares one way of
/// escaping: values are HTML-escaped unless a template asks otherwise.
public struct PageTemplates: Sendable {
    let library: MustacheLibrary?

    /// The platform's templates (home page, password reset).
    public static func bundled() async -> PageTemplates { bundled(module: "HearthServer") }

    /// The templates bundled with `module`; none when the bundle is missing (a binary
    /// copied without its resources) or a template does not parse, and then pages
    /// answer 503.
    public static func bundled(module: String) -> PageTemplates {
        guard let directory = ResourceBundle.directory(module: module)?.appendingPathComponent("Templates"),
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return PageTemplates(library: nil) }
        var library = MustacheLibrary()
        for file in files.sorted() where file.hasSuffix(".mustache") {
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8),
                (try? library.register(text, named: String(file.dropLast(".mustache".count)))) != nil
            else { return PageTemplates(library: nil) }
        }
        return PageTemplates(library: library)
    }

    /// `context` (dictionaries, arrays, strings, booleans) rendered with `template`.
    public func render(_ context: [String: Any], template: String) -> String? {
        library?.render(context, withTemplate: template)
    }

    public var isAvailable: Bool { library != nil }
}
