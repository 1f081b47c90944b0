import Foundation
import HearthCore

/// Where saved recommendations live on a device: a JSON file on Linux, whatever the iOS
/// app prefers (SwiftData, a file in its container) behind the same two calls.
public protocol SavedRecommendationStore: Sendable {
    /// Everything saved, newest first; empty when nothing was saved yet.
    func load() throws -> [SavedRecommendation]
    /// Replaces everything saved; durable when it returns.
    func replace(with recommendations: [SavedRecommendation]) throws
}

/// Saved recommendations in one JSON array file, replaced atomically on every change.
public struct JSONFileSavedRecommendationStore: SavedRecommendationStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func load() throws -> [SavedRecommendation] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return try JSONValueDecoder().decode([SavedRecommendation].self, from: Array(data))
    }

    public func replace(with recommendations: [SavedRecommendation]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(try JSONValueEncoder().encodeToBytes(recommendations)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Saved recommendations in memory only: previews and tests.
public final class InMemorySavedRecommendationStore: SavedRecommendationStore, @unchecked Sendable {
    private let lock = NSLock()
    private var recommendations: [SavedRecommendation] = []

    public init() {}

    public func load() throws -> [SavedRecommendation] {
        lock.withLock { recommendations }
    }

    public func replace(with recommendations: [SavedRecommendation]) throws {
        lock.withLock { self.recommendations = recommendations }
    }
}
