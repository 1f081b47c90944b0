import Foundation

/// The app lock's state machine (spec §7). The authenticator and the clock are injected; the
/// background time is kept in memory only. The lock screen is an overlay over the app, so
/// nothing here tears the app's state down.
public actor AppLock {
    /// The reason shown in the system prompt.
    public static let promptReason = "Unlock ListAll"

    public private(set) var isEnabled: Bool
    public private(set) var timeout: AuthTimeout
    public private(set) var isAuthenticated = false
    /// The last failure's message, kept until the next attempt succeeds or the lock resets.
    public private(set) var errorMessage: String?
    public private(set) var isAuthenticating = false
    /// When the app last entered the background while the lock was enabled.
    public private(set) var backgroundTime: Date?

    private let authenticator: any Authenticator
    private let clock: @Sendable () -> Date

    public init(
        isEnabled: Bool, timeout: AuthTimeout, authenticator: any Authenticator, clock: @escaping @Sendable () -> Date
    ) {
        self.isEnabled = isEnabled
        self.timeout = timeout
        self.authenticator = authenticator
        self.clock = clock
    }

    /// The lock screen covers the app.
    public var isLocked: Bool { isEnabled && !isAuthenticated }

    /// The lock screen offers "Try Again": the last attempt failed and none is running.
    public var offersRetry: Bool { isLocked && !isAuthenticating && errorMessage != nil }

    public func setEnabled(_ enabled: Bool) {
        isEnabled = enabled
    }

    public func setTimeout(_ timeout: AuthTimeout) {
        self.timeout = timeout
    }

    /// At launch: authenticate when the lock is on and nobody is authenticated.
    public func launch() async {
        guard isEnabled, !isAuthenticated else { return }
        await authenticate()
    }

    /// Entering the background: remember when, if the lock is on.
    public func enterBackground() {
        guard isEnabled else { return }
        backgroundTime = clock()
    }

    /// Becoming active: when the time away requires it, lock and authenticate again, unless
    /// an attempt is already running.
    public func becomeActive() async {
        guard isEnabled, shouldRequire(), !isAuthenticating else { return }
        isAuthenticated = false
        errorMessage = nil
        await authenticate()
    }

    /// Never without a background time; always with `immediate`; otherwise once the time in
    /// the background reaches the timeout.
    public func shouldRequire() -> Bool {
        guard let backgroundTime else { return false }
        if timeout == .immediate { return true }
        return clock().timeIntervalSince(backgroundTime) >= timeout.seconds
    }

    /// One attempt (also "Try Again"); does nothing while another attempt runs.
    public func authenticate() async {
        guard !isAuthenticating else { return }
        isAuthenticating = true
        let outcome: AuthenticationOutcome =
            if await authenticator.canAuthenticate() {
                await authenticator.authenticate(reason: Self.promptReason)
            } else {
                .failure(.notAvailable)
            }
        isAuthenticating = false
        switch outcome {
        case .success:
            isAuthenticated = true
            errorMessage = nil
            backgroundTime = nil
        case .failure(let reason):
            isAuthenticated = false
            errorMessage = reason.message
        }
    }
}
