import Foundation
import ListAllKit
import Testing

/// An authenticator that answers every prompt with a fixed outcome and counts the prompts.
private final class ScriptedAuthenticator: Authenticator, @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [AuthenticationOutcome]
    private var reasons: [String] = []
    let available: Bool

    init(_ outcomes: [AuthenticationOutcome], available: Bool = true) {
        self.outcomes = outcomes
        self.available = available
    }

    var prompts: [String] { lock.withLock { reasons } }

    func canAuthenticate() async -> Bool { available }

    func authenticate(reason: String) async -> AuthenticationOutcome {
        lock.withLock {
            reasons.append(reason)
            return outcomes.count > 1 ? outcomes.removeFirst() : outcomes.first ?? .failure(.unknown)
        }
    }

    func biometricType() async -> BiometricType { .faceID }
}

/// An authenticator whose prompt stays open until the test answers it.
private actor GatedAuthenticator: Authenticator {
    private(set) var prompts = 0
    private var waiting: [CheckedContinuation<AuthenticationOutcome, Never>] = []

    func canAuthenticate() async -> Bool { true }

    func authenticate(reason: String) async -> AuthenticationOutcome {
        prompts += 1
        return await withCheckedContinuation { waiting.append($0) }
    }

    func biometricType() async -> BiometricType { .touchID }

    func waitForPrompt() async {
        while waiting.isEmpty { await Task.yield() }
    }

    func answer(_ outcome: AuthenticationOutcome) {
        for continuation in waiting { continuation.resume(returning: outcome) }
        waiting = []
    }
}

private final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }

    func set(_ date: Date) { lock.withLock { current = date } }

    var reading: @Sendable () -> Date { { [self] in now } }
}

/// The app lock (spec §7).
struct AppLockTests {
    static let backgroundedAt = FixtureF.now

    /// A lock that was unlocked at launch and then went to the background at `backgroundedAt`.
    private static func backgroundedLock(
        timeout: AuthTimeout, then outcome: AuthenticationOutcome = .failure(.userCancel)
    ) async -> (AppLock, ScriptedAuthenticator, TestClock) {
        let clock = TestClock(backgroundedAt.addingTimeInterval(-10))
        let authenticator = ScriptedAuthenticator([.success, outcome])
        let lock = AppLock(isEnabled: true, timeout: timeout, authenticator: authenticator, clock: clock.reading)
        await lock.launch()
        clock.set(backgroundedAt)
        await lock.enterBackground()
        return (lock, authenticator, clock)
    }

    @Test func timeoutLocksFromExactlyTheTimeoutOn() async {
        let (early, earlyAuth, earlyClock) = await Self.backgroundedLock(timeout: .fiveMinutes)
        earlyClock.set(Self.backgroundedAt.addingTimeInterval(299))
        #expect(await early.shouldRequire() == false)
        await early.becomeActive()
        #expect(await early.isAuthenticated)
        #expect(await early.isLocked == false)
        #expect(earlyAuth.prompts.count == 1)

        let (late, lateAuth, lateClock) = await Self.backgroundedLock(timeout: .fiveMinutes)
        lateClock.set(Self.backgroundedAt.addingTimeInterval(300))
        #expect(await late.shouldRequire())
        await late.becomeActive()
        #expect(await late.isLocked)
        #expect(lateAuth.prompts == ["Unlock ListAll", "Unlock ListAll"])
    }

    @Test func immediateLocksOnEveryReturn() async {
        let (lock, authenticator, clock) = await Self.backgroundedLock(timeout: .immediate, then: .success)
        for round in 1...3 {
            clock.set(Self.backgroundedAt.addingTimeInterval(Double(round)))
            #expect(await lock.shouldRequire())
            await lock.becomeActive()
            #expect(authenticator.prompts.count == round + 1)
            await lock.enterBackground()
        }
    }

    @Test func noBackgroundTimeNeverLocksOnActivation() async {
        let clock = TestClock(Self.backgroundedAt)
        let authenticator = ScriptedAuthenticator([.success])
        let lock = AppLock(isEnabled: true, timeout: .immediate, authenticator: authenticator, clock: clock.reading)
        await lock.launch()
        clock.set(Self.backgroundedAt.addingTimeInterval(86_400))
        #expect(await lock.shouldRequire() == false)
        await lock.becomeActive()
        #expect(await lock.isAuthenticated)
        #expect(authenticator.prompts.count == 1)
    }

    @Test func successClearsTheBackgroundTime() async {
        let (lock, _, clock) = await Self.backgroundedLock(timeout: .oneMinute, then: .success)
        #expect(await lock.backgroundTime == Self.backgroundedAt)
        clock.set(Self.backgroundedAt.addingTimeInterval(60))
        await lock.becomeActive()
        #expect(await lock.isAuthenticated)
        #expect(await lock.backgroundTime == nil)
        #expect(await lock.shouldRequire() == false)
    }

    @Test func failureKeepsTheMessageAndOffersTryAgain() async {
        let clock = TestClock(Self.backgroundedAt)
        let authenticator = ScriptedAuthenticator([.failure(.userCancel), .success])
        let lock = AppLock(isEnabled: true, timeout: .immediate, authenticator: authenticator, clock: clock.reading)
        await lock.launch()
        #expect(await lock.isLocked)
        #expect(await lock.errorMessage == "You cancelled authentication. Please authenticate to unlock the app.")
        #expect(await lock.offersRetry)

        await lock.authenticate()
        #expect(await lock.isAuthenticated)
        #expect(await lock.errorMessage == nil)
        #expect(await lock.offersRetry == false)
    }

    @Test func onlyOneAttemptRunsAtATime() async {
        let authenticator = GatedAuthenticator()
        let clock = TestClock(Self.backgroundedAt)
        let lock = AppLock(isEnabled: true, timeout: .immediate, authenticator: authenticator, clock: clock.reading)
        let launch = Task { await lock.launch() }
        await authenticator.waitForPrompt()
        #expect(await lock.isAuthenticating)

        await lock.authenticate()
        await lock.enterBackground()
        clock.set(Self.backgroundedAt.addingTimeInterval(5))
        await lock.becomeActive()
        #expect(await authenticator.prompts == 1)

        await authenticator.answer(.success)
        await launch.value
        #expect(await lock.isAuthenticated)
        #expect(await lock.isAuthenticating == false)
    }

    @Test func unavailableDeviceAuthenticationFailsWithTheSettingsMessage() async {
        let authenticator = ScriptedAuthenticator([.success], available: false)
        let lock = AppLock(isEnabled: true, timeout: .immediate, authenticator: authenticator, clock: { FixtureF.now })
        await lock.launch()
        #expect(await lock.isLocked)
        #expect(
            await lock.errorMessage
                == "Device authentication is not available. Please enable Face ID, Touch ID, or passcode in Settings.")
        #expect(authenticator.prompts.isEmpty)
    }

    @Test func disabledLockNeverPromptsOrRecords() async {
        let authenticator = ScriptedAuthenticator([.success])
        let lock = AppLock(isEnabled: false, timeout: .immediate, authenticator: authenticator, clock: { FixtureF.now })
        await lock.launch()
        await lock.enterBackground()
        await lock.becomeActive()
        #expect(await lock.backgroundTime == nil)
        #expect(await lock.isLocked == false)
        #expect(authenticator.prompts.isEmpty)
    }
}

/// The settings tables of spec §7.
struct AppLockSettingsTests {
    @Test func timeoutTable() {
        #expect(AuthTimeout.allCases.map(\.rawValue) == [0, 60, 300, 900, 1800, 3600])
        #expect(AuthTimeout.allCases.map(\.seconds) == [0, 60, 300, 900, 1800, 3600])
        #expect(
            AuthTimeout.allCases.map(\.label) == ["Immediately", "1 minute", "5 minutes", "15 minutes", "30 minutes", "1 hour"])
        #expect(
            AuthTimeout.allCases.map(\.description) == [
                "Require authentication every time", "After 1 minute in background", "After 5 minutes in background",
                "After 15 minutes in background", "After 30 minutes in background", "After 1 hour in background",
            ])
    }

    @Test func unknownStoredTimeoutIsImmediate() {
        #expect(AuthTimeout(storedSeconds: 300) == .fiveMinutes)
        #expect(AuthTimeout(storedSeconds: 42) == .immediate)
        #expect(AuthTimeout(storedSeconds: 300.5) == .immediate)
        #expect(AuthTimeout(storedSeconds: -60) == .immediate)
    }

    @Test func biometricNamesAndIcons() {
        #expect(BiometricType.allCases.map(\.displayName) == ["None", "Touch ID", "Face ID", "Optic ID"])
        #expect(BiometricType.allCases.map(\.iconName) == ["lock.fill", "touchid", "faceid", "opticid"])
    }

    @Test func failureMessages() {
        #expect(AuthFailureReason.userCancel.message == "You cancelled authentication. Please authenticate to unlock the app.")
        #expect(AuthFailureReason.unknown.message == "An unknown error occurred. Please try again.")
        #expect(Set(AuthFailureReason.allCases.map(\.message)).count == AuthFailureReason.allCases.count)
        #expect(AppLock.promptReason == "Unlock ListAll")
    }
}
