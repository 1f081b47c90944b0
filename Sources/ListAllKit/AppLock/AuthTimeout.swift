import Foundation

/// How long the app may stay in the background before it asks to be unlocked again (spec §7).
/// The raw value is the stored `authTimeoutDuration` in seconds.
public enum AuthTimeout: Int, Sendable, Hashable, CaseIterable {
    case immediate = 0
    case oneMinute = 60
    case fiveMinutes = 300
    case fifteenMinutes = 900
    case thirtyMinutes = 1800
    case oneHour = 3600

    /// The stored setting; an unknown value counts as `immediate`.
    public init(storedSeconds: Double) {
        self = Int(exactly: storedSeconds).flatMap(AuthTimeout.init(rawValue:)) ?? .immediate
    }

    public var seconds: TimeInterval { TimeInterval(rawValue) }

    public var label: String {
        switch self {
        case .immediate: "Immediately"
        case .oneMinute: "1 minute"
        case .fiveMinutes: "5 minutes"
        case .fifteenMinutes: "15 minutes"
        case .thirtyMinutes: "30 minutes"
        case .oneHour: "1 hour"
        }
    }

    public var description: String {
        switch self {
        case .immediate: "Require authentication every time"
        default: "After \(label) in background"
        }
    }
}
