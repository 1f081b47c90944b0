import Foundation

/// The biometric hardware a device offers, from a biometrics-only capability check (spec §7).
public enum BiometricType: Sendable, Hashable, CaseIterable {
    case none
    case touchID
    case faceID
    case opticID

    public var displayName: String {
        switch self {
        case .none: "None"
        case .touchID: "Touch ID"
        case .faceID: "Face ID"
        case .opticID: "Optic ID"
        }
    }

    /// SF Symbol name.
    public var iconName: String {
        switch self {
        case .none: "lock.fill"
        case .touchID: "touchid"
        case .faceID: "faceid"
        case .opticID: "opticid"
        }
    }
}

/// Why device-owner authentication did not succeed, after the platform's error codes.
public enum AuthFailureReason: Sendable, Hashable, CaseIterable {
    /// The policy cannot be evaluated: no biometrics and no passcode.
    case notAvailable
    case authenticationFailed
    case userCancel
    case userFallback
    case systemCancel
    case passcodeNotSet
    case biometryNotAvailable
    case biometryNotEnrolled
    case biometryLockout
    case appCancel
    case invalidContext
    case notInteractive
    case biometryDisconnected
    /// Anything the platform reports that is not one of the above.
    case unknown

    /// The short message shown on the lock screen.
    public var message: String {
        switch self {
        case .notAvailable:
            "Device authentication is not available. Please enable Face ID, Touch ID, or passcode in Settings."
        case .authenticationFailed: "Authentication failed. Please try again."
        case .userCancel: "You cancelled authentication. Please authenticate to unlock the app."
        case .userFallback: "Passcode authentication required."
        case .systemCancel: "Authentication was cancelled by the system. Please try again."
        case .passcodeNotSet: "No passcode is set on this device. Please set up a passcode in Settings to use app security."
        case .biometryNotAvailable: "Biometric authentication is not available. Please use your passcode."
        case .biometryNotEnrolled: "No biometric data is enrolled. Please set up Face ID or Touch ID in Settings."
        case .biometryLockout: "Too many failed attempts. Please unlock your device with your passcode first."
        case .appCancel: "Authentication was cancelled."
        case .invalidContext: "Authentication context is invalid. Please try again."
        case .notInteractive: "Authentication is not available right now."
        case .biometryDisconnected: "Biometric authentication was disconnected."
        case .unknown: "An unknown error occurred. Please try again."
        }
    }
}

public enum AuthenticationOutcome: Sendable, Hashable {
    case success
    case failure(AuthFailureReason)
}

/// Device-owner authentication (biometrics with automatic passcode fallback), injected so
/// the lock's rules run without hardware.
public protocol Authenticator: Sendable {
    /// Whether the device-owner policy can be evaluated at all.
    func canAuthenticate() async -> Bool
    /// Shows the system prompt with `reason` and reports how it ended.
    func authenticate(reason: String) async -> AuthenticationOutcome
    /// The biometrics-only capability, for labels and icons.
    func biometricType() async -> BiometricType
}
