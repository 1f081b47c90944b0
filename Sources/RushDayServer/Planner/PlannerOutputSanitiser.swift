/// Output sanitisation of §5.1, applied by the service layer to whatever a provider returns:
/// trims and caps (titles ≤ 200, texts ≤ 2000), money clamped to 0…10¹³, at most 3 plans,
/// 20 tasks, 20 agenda items, 20 expense items, 10 checklist items, and progress percentages
/// clamped to 0–100 and made non-decreasing.
public enum PlannerOutputSanitiser {
    public static let maximumTitle = 200
    public static let maximumText = 2000
    public static let maximumPlans = 3
    public static let maximumTasks = 20
    public static let maximumAgendaItems = 20
    public static let maximumExpenseItems = 20
    public static let maximumChecklistItems = 10

    static func title(_ text: String) -> String { PlannerText.capped(text, maximumTitle) }
    static func text(_ text: String) -> String { PlannerText.capped(text, maximumText) }

    public static func plans(_ plans: [GeneratedPlan]) -> [GeneratedPlan] {
        plans.prefix(maximumPlans).map(plan)
    }

    public static func plan(_ plan: GeneratedPlan) -> GeneratedPlan {
        var clean = plan
        clean.title = title(plan.title)
        clean.description = text(plan.description)
        clean.matchScore = min(max(plan.matchScore, 0), 100)
        clean.budget.minimum = PlannerMoneyLimits.clamp(plan.budget.minimum)
        clean.budget.maximum = PlannerMoneyLimits.clamp(plan.budget.maximum)
        clean.budget.midpoint = PlannerMoneyLimits.clamp(plan.budget.midpoint)
        clean.allocation = expenseItems(plan.allocation)
        clean.highlights = plan.highlights.map(title)
        clean.venueDescription = text(plan.venueDescription)
        clean.cateringDescription = text(plan.cateringDescription)
        clean.entertainmentDescription = text(plan.entertainmentDescription)
        clean.vendors = plan.vendors.prefix(maximumExpenseItems).map { vendor in
            var v = vendor
            v.name = title(vendor.name)
            v.estimatedCost = PlannerMoneyLimits.clamp(vendor.estimatedCost)
            return v
        }
        clean.agenda = plan.agenda.prefix(maximumAgendaItems).map { item in
            var a = item
            a.title = title(item.title)
            a.description = text(item.description)
            a.durationMinutes = max(item.durationMinutes, 0)
            return a
        }
        clean.tasks = plan.tasks.prefix(maximumTasks).map { task in
            var t = task
            t.title = title(task.title)
            t.description = text(task.description)
            t.daysBeforeEvent = max(task.daysBeforeEvent, 0)
            return t
        }
        return clean
    }

    public static func expenseItems(_ items: [AllocationItem]) -> [AllocationItem] {
        items.prefix(maximumExpenseItems).map { AllocationItem(category: $0.category, amount: PlannerMoneyLimits.clamp($0.amount)) }
    }

    public static func expenseEstimate(_ estimate: ExpenseEstimate) -> ExpenseEstimate {
        let items = expenseItems(estimate.items)
        return ExpenseEstimate(
            items: items, totalEstimated: PlannerMoneyLimits.clamp(items.reduce(0) { $0 + $1.amount }), currency: estimate.currency)
    }

    public static func agenda(_ entries: [GeneratedAgendaEntry]) -> [GeneratedAgendaEntry] {
        entries.prefix(maximumAgendaItems).map { entry in
            var e = entry
            e.title = title(entry.title)
            e.description = text(entry.description)
            return e
        }
    }

    public static func inviteMessage(_ message: String) -> String { text(message) }

    public static func checklist(_ checklist: TopicChecklist) -> TopicChecklist {
        var clean = checklist
        clean.title = title(checklist.title)
        clean.description = text(checklist.description)
        clean.items = checklist.items.prefix(maximumChecklistItems).map { TopicChecklistItem(id: $0.id, text: title($0.text)) }
        return clean
    }

    public static func chatReply(_ reply: ChatReply) -> ChatReply {
        var clean = reply
        clean.content = text(reply.content)
        clean.hintText = title(reply.hintText)
        clean.checklist = reply.checklist.map(checklist)
        clean.action = reply.action.map { action in
            var a = action
            a.promptText = title(action.promptText)
            a.items = action.items.prefix(maximumTasks).map { item in
                var i = item
                i.title = title(item.title)
                i.description = text(item.description)
                i.amount = PlannerMoneyLimits.clamp(item.amount)
                return i
            }
            return a
        }
        return clean
    }

    /// Makes a progress sequence safe: percentages clamped to 0–100 and never decreasing.
    public struct ProgressGuard: Sendable {
        private var last = 0

        public init() {}

        public mutating func admit(_ step: GenerationStep) -> GenerationStep {
            var clean = step
            clean.step = title(step.step)
            clean.message = title(step.message)
            clean.percentage = max(min(max(step.percentage, 0), 100), last)
            last = clean.percentage
            return clean
        }
    }

    /// Sanitises a whole event sequence (plans capped at 3; `complete.total_plans` recounted).
    public static func events(_ events: [PlanGenerationEvent]) -> [PlanGenerationEvent] {
        var guardRail = ProgressGuard()
        var planCount = 0
        var result: [PlanGenerationEvent] = []
        for event in events {
            switch event {
            case .progress(let step):
                result.append(.progress(guardRail.admit(step)))
            case .plan(let plan):
                guard planCount < maximumPlans else { continue }
                planCount += 1
                result.append(.plan(self.plan(plan)))
            case .complete(let id, _, let elapsed):
                result.append(.complete(generationID: id, totalPlans: planCount, processingTimeMilliseconds: max(elapsed, 0)))
            }
        }
        return result
    }
}
