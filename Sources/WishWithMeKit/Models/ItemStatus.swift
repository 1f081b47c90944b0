/// The resolution state of an item (spec §6.1).
///
/// A status string this client does not know (say, a future server state) decodes as
/// ``other(_:)`` and is written back unchanged, so an old app never rewrites a newer
/// server's state; ``isAwaitingResolution`` is false for it.
public enum ItemStatus: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Waiting for the server to resolve `source_url`.
    case pending
    /// A resolver has claimed the item (server only).
    case inProgress
    /// Details are final (manual items start here).
    case resolved
    /// Resolution failed; `resolve_error` says why. The user may retry (→ `pending`).
    case error
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "pending": self = .pending
        case "in_progress": self = .inProgress
        case "resolved": self = .resolved
        case "error": self = .error
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .inProgress: "in_progress"
        case .resolved: "resolved"
        case .error: "error"
        case .other(let text): text
        }
    }

    public var description: String { rawValue }

    /// Whether the server still has work to do on the item.
    public var isAwaitingResolution: Bool {
        switch self {
        case .pending, .inProgress: true
        case .resolved, .error, .other: false
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
