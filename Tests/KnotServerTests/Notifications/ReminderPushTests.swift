import HearthCore
import Testing

@testable import KnotServer

/// The reminder's push text (spec §8.5 [FACT] templates) and the recurring jobs' times (§9.1).
@Suite struct ReminderPushTests {
    @Test func theTitleNamesThePartnerTheMilestoneAndTheDays() {
        #expect(ReminderPush.title(partnerName: "Alex", milestoneName: "Birthday", daysBefore: 7) == "Alex's Birthday is in 7 days")
    }

    @Test func theBodyNamesTheFirstVibeWithOnlyItsFirstLetterUpperCased() {
        #expect(
            ReminderPush.body(recommendationCount: 3, vibes: ["quiet_luxury", "romantic"])
                == "I've found 3 Quiet luxury options based on their interests. Tap to see them.")
        #expect(ReminderPush.body(recommendationCount: 3, vibes: []).contains("3 curated options"))
    }

    @Test func theMilestoneSweepRunsDailyAtFivePastMidnightUTC() {
        let tenPast = Timestamp(millisecondsSince1970: 1_773_101_400_000)  // 2026-03-10T00:10:00Z
        #expect(RecurringJob.milestoneSweep.nextRun(after: tenPast) == Timestamp(millisecondsSince1970: 1_773_187_500_000))  // 03-11 00:05
        let midnight = Timestamp(millisecondsSince1970: 1_773_100_800_000)  // 2026-03-10T00:00:00Z
        #expect(RecurringJob.milestoneSweep.nextRun(after: midnight) == Timestamp(millisecondsSince1970: 1_773_101_100_000))
    }

    @Test func feedbackLearningRunsOnMondaysAtThreeUTC() {
        let tuesday = Timestamp(millisecondsSince1970: 1_773_101_400_000)  // Tuesday 2026-03-10
        #expect(RecurringJob.feedbackAnalysis.nextRun(after: tuesday) == Timestamp(millisecondsSince1970: 1_773_630_000_000))  // Mon 03-16 03:00
    }
}
