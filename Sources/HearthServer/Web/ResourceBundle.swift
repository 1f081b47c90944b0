import Foundation

/// Finds a file of a module's SwiftPM resource bundle (`Hearth_<Module>.resources` on
/// Linux, `.bundle` on Apple platforms) beside the executable, the test bundle or the app
/// bundle. Looked up by hand rather than with `Bundle.module`, whose accessor stops the
/// process when the bundle is missing (a binary copied without it, for example); here the
/// caller gets `nil` and answers 503 instead.
public enum ResourceBundle {
    public static func url(module: String, resource: String, extension fileExtension: String) -> URL? {
        directory(module: module).flatMap { Bundle(url: $0)?.url(forResource: resource, withExtension: fileExtension) }
    }

    /// The bundle's folder itself (templates are read as a directory).
    public static func directory(module: String) -> URL? {
        let names = ["Hearth_\(module).resources", "Hearth_\(module).bundle"]
        let places = [
            Bundle.main.bundleURL, Bundle.main.resourceURL, Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle(for: BundleLocator.self).bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for place in places {
            for name in names {
                let candidate = place.appendingPathComponent(name, isDirectory: true)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }
}

/// A class of this module, so `Bundle(for:)` finds the folder that holds its code.
private final class BundleLocator {}
