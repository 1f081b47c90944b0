import Foundation
import HearthCore
import HearthServer

/// The milestone reminder push (spec §8.5 [FACT] templates).
enum ReminderPush {
    static let category = "MILESTONE_REMINDER"

    static func title(partnerName: String, milestoneName: String, daysBefore: Int) -> String {
        "\(partnerName)'s \(milestoneName) is in \(daysBefore) days"
    }

    /// `{Vibe}` is the vault's first vibe with `_` as a space and only its first letter
    /// upper-cased (`quiet_luxury` → `Quiet luxury`); `curated` without vibes.
    static func body(recommendationCount: Int, vibes: [String]) -> String {
        "I've found \(recommendationCount) \(vibeWord(vibes)) options based on their interests. Tap to see them."
    }

    static func vibeWord(_ vibes: [String]) -> String {
        guard let first = vibes.first, !first.isEmpty else { return "curated" }
        let spaced = first.replacingOccurrences(of: "_", with: " ").lowercased()
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    static func notification(
        deviceToken: String, reminder: QueuedReminder, partnerName: String, milestoneName: String, recommendationCount: Int,
        vibes: [String]
    ) -> PushNotification {
        PushNotification(
            deviceToken: deviceToken,
            title: title(partnerName: partnerName, milestoneName: milestoneName, daysBefore: reminder.daysBefore),
            body: body(recommendationCount: recommendationCount, vibes: vibes),
            custom: ["notification_id": .string(reminder.id), "milestone_id": .string(reminder.milestoneID)],
            category: category)
    }
}
