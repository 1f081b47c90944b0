/// How a vault update changes its milestones (spec §2 #6): a milestone whose type, name,
/// date, recurrence and budget tier are all unchanged keeps its row — and so its id, its
/// pending reminders and the recommendations that point at it; the others are deleted
/// and inserted anew.
///
/// Rows are matched one-to-one in order: the first unmatched stored row with the same
/// content goes to the first request milestone with that content, so two identical
/// milestones keep two ids and a third identical one gets a new row.
struct MilestoneReconciliation: Sendable, Hashable {
    struct Stored: Sendable, Hashable {
        var id: String
        var content: MilestoneInput
    }

    enum Step: Sendable, Hashable {
        /// Request milestone at this position keeps the stored row `id`.
        case keep(id: String)
        case insert
    }

    /// One step per request milestone, in request order.
    let steps: [Step]
    /// Stored rows no request milestone kept.
    let deletedIDs: [String]

    init(stored: [Stored], requested: [MilestoneInput]) {
        var unmatched = stored
        var steps: [Step] = []
        for milestone in requested {
            if let index = unmatched.firstIndex(where: { $0.content == milestone }) {
                steps.append(.keep(id: unmatched[index].id))
                unmatched.remove(at: index)
            } else {
                steps.append(.insert)
            }
        }
        self.steps = steps
        deletedIDs = unmatched.map(\.id)
    }
}
