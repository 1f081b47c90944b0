import HearthServer
import Testing

@testable import RushDayServer

/// `HEARTH_RD_*` settings: each mode needs what it checks tokens with, and every error names
/// the variable to fix.
@Suite struct RushDaySettingsTests {
    @Test func theDefaultsNeedNoCloudAccount() throws {
        let settings = try RushDaySettings.fromEnvironment([:])
        #expect(settings.authMode == .hearth)
        #expect(settings.plannerStepDelayMilliseconds == 250)
        #expect(settings.hs256Secret == nil)
    }

    @Test func eachModeNeedsItsSecretOrProject() throws {
        #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_AUTH": "hs256"]) }
        #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_AUTH": "firebase"]) }
        #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_AUTH": "magic"]) }
        let hs256 = try RushDaySettings.fromEnvironment([
            "HEARTH_RD_AUTH": "HS256", "HEARTH_RD_HS256_SECRET": String(repeating: "s", count: 32), "HEARTH_RD_PLANNER_STEP_DELAY_MS": "0",
        ])
        #expect(hs256.authMode == .hs256)
        #expect(hs256.plannerStepDelayMilliseconds == 0)
        let firebase = try RushDaySettings.fromEnvironment(["HEARTH_RD_AUTH": "firebase", "HEARTH_RD_FIREBASE_PROJECT_ID": "rushday-app"])
        #expect(firebase.firebaseProjectID == "rushday-app")
    }

    @Test func aShortSecretOrAnOutOfRangeDelayIsRefusedByName() {
        do {
            _ = try RushDaySettings.fromEnvironment(["HEARTH_RD_AUTH": "hs256", "HEARTH_RD_HS256_SECRET": "short"])
            Issue.record("a short secret was accepted")
        } catch {
            #expect(error.setting == "HEARTH_RD_HS256_SECRET")
        }
        #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_PLANNER_STEP_DELAY_MS": "-1"]) }
    }
}
