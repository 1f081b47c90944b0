import HearthCore
import RushDayProto
import SwiftProtobuf

/// Conversions between the planner's Swift types and the `rushday.v1` messages, so services
/// can forward provider output without knowing the rule tables.
public enum PlannerProtoMapping {
    // MARK: Input

    /// The wizard request as raw planner input (enum numbers kept for validation).
    public static func rawInput(_ request: Rushday_V1_GenerateEventPlansRequest) -> RawPlanInput {
        var raw = RawPlanInput()
        raw.eventType = request.eventType.rawValue
        raw.customEventType = request.customEventType
        raw.guestRange = request.guestRange.rawValue
        raw.customGuestCount = Int64(request.customGuestCount)
        raw.eventName = request.eventName
        raw.startDate = request.hasStartDate ? timestamp(request.startDate) : nil
        raw.endDate = request.hasEndDate ? timestamp(request.endDate) : nil
        raw.venueLocation = request.venueLocation
        raw.venueType = request.venueType.rawValue
        raw.customVenueName = request.customVenueName
        raw.venueSkipped = request.venueSkipped
        raw.budgetTier = request.budgetTier.rawValue
        raw.customBudgetAmount = request.customBudgetAmount
        raw.selectedServices = request.selectedServices.map(\.rawValue)
        raw.customService = request.customService
        raw.servicesSkipped = request.servicesSkipped
        raw.preferencesText = request.preferencesText
        raw.selectedTags = request.selectedTags
        raw.preferencesSkipped = request.preferencesSkipped
        raw.adjustmentText = request.adjustmentText
        raw.includeTasks = request.includeTasks
        raw.includeAgenda = request.includeAgenda
        raw.includeVendors = request.includeVendors
        raw.targetPlanStyle = request.targetPlanStyle.rawValue
        raw.currencyCode = request.currencyCode
        return raw
    }

    /// Validates and normalises a wizard request (§5.2); throws ``PlannerInputError``.
    public static func planRequest(
        _ request: Rushday_V1_GenerateEventPlansRequest, callerCurrency: String? = nil
    ) throws(PlannerInputError) -> PlanRequest {
        try PlanInputNormaliser.normalise(rawInput(request), callerCurrency: callerCurrency)
    }

    public static func timestamp(_ value: Google_Protobuf_Timestamp) -> Timestamp {
        Timestamp(millisecondsSince1970: value.seconds * 1000 + Int64(value.nanos / 1_000_000))
    }

    public static func protoTimestamp(_ value: Timestamp) -> Google_Protobuf_Timestamp {
        let ms = value.millisecondsSince1970
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        return Google_Protobuf_Timestamp(seconds: seconds, nanos: Int32((ms - seconds * 1000) * 1_000_000))
    }

    // MARK: Plans

    public static func tier(_ tier: PlanTierLabel) -> Rushday_V1_PlanTier {
        switch tier {
        case .standard: .standard
        case .popular: .popular
        case .aiRecommended: .aiRecommended
        }
    }

    public static func style(_ style: PlanStyleKind) -> Rushday_V1_PlanStyle {
        switch style {
        case .classic: .classic
        case .modern: .modern
        case .natural: .natural
        case .luxury: .luxury
        case .custom: .custom
        }
    }

    public static func target(_ variant: PlanVariant) -> Rushday_V1_TargetPlanStyle {
        switch variant {
        case .budget: .budget
        case .balanced: .balanced
        case .premium: .premium
        }
    }

    public static func budgetRange(_ budget: PlanBudgetEstimate) -> Rushday_V1_BudgetRange {
        var range = Rushday_V1_BudgetRange()
        range.minAmount = budget.minimum
        range.maxAmount = budget.maximum
        range.currencyCode = budget.currency.code
        return range
    }

    /// The full plan (`EventPlan`): every `suggested_*` list filled.
    public static func eventPlan(_ plan: GeneratedPlan) -> Rushday_V1_EventPlan {
        var message = Rushday_V1_EventPlan()
        message.id = plan.id
        message.title = plan.title
        message.description_p = plan.description
        message.tier = tier(plan.tier)
        message.style = style(plan.style)
        message.matchScore = Int32(clamping: plan.matchScore)
        message.estimatedBudget = budgetRange(plan.budget)
        message.highlights = plan.highlights
        message.venueDescription = plan.venueDescription
        message.cateringDescription = plan.cateringDescription
        message.entertainmentDescription = plan.entertainmentDescription
        message.suggestedVendors = plan.vendors.map(vendor)
        message.suggestedAgenda = plan.agenda.map(agendaItem)
        message.suggestedTasks = plan.tasks.map(task)
        message.targetPlanStyle = target(plan.variant)
        return message
    }

    /// The streamed summary: `suggested_*` lists only with the matching include flag.
    public static func summary(_ plan: GeneratedPlan, includeTasks: Bool, includeAgenda: Bool, includeVendors: Bool) -> Rushday_V1_EventPlanSummary {
        let full = eventPlan(plan)
        var message = Rushday_V1_EventPlanSummary()
        message.id = full.id
        message.title = full.title
        message.description_p = full.description_p
        message.tier = full.tier
        message.style = full.style
        message.matchScore = full.matchScore
        message.estimatedBudget = full.estimatedBudget
        message.highlights = full.highlights
        message.venueDescription = full.venueDescription
        message.cateringDescription = full.cateringDescription
        message.entertainmentDescription = full.entertainmentDescription
        if includeVendors { message.suggestedVendors = full.suggestedVendors }
        if includeAgenda { message.suggestedAgenda = full.suggestedAgenda }
        if includeTasks { message.suggestedTasks = full.suggestedTasks }
        message.targetPlanStyle = full.targetPlanStyle
        return message
    }

    public static func vendor(_ vendor: PlanVendor) -> Rushday_V1_SuggestedVendor {
        var message = Rushday_V1_SuggestedVendor()
        message.id = vendor.id
        message.name = vendor.name
        message.category = vendor.category
        message.estimatedCost = vendor.estimatedCost
        message.rating = 0
        message.imageURL = vendor.imageURL
        return message
    }

    public static func agendaItem(_ item: PlanAgendaItem) -> Rushday_V1_SuggestedAgendaItem {
        var message = Rushday_V1_SuggestedAgendaItem()
        message.id = item.id
        message.title = item.title
        message.description_p = item.description
        if let start = item.startTime { message.startTime = protoTimestamp(start) }
        message.durationMinutes = Int32(clamping: item.durationMinutes)
        return message
    }

    public static func task(_ task: PlanTask) -> Rushday_V1_SuggestedTask {
        var message = Rushday_V1_SuggestedTask()
        message.id = task.id
        message.title = task.title
        message.description_p = task.description
        message.daysBeforeEvent = Int32(clamping: task.daysBeforeEvent)
        message.priority = task.priority
        message.category = task.category
        return message
    }

    /// One stream event as the `GenerateEventPlans` message the client receives.
    public static func streamMessage(_ event: PlanGenerationEvent, for request: PlanRequest) -> Rushday_V1_GenerateEventPlansStreamResponse {
        var message = Rushday_V1_GenerateEventPlansStreamResponse()
        switch event {
        case .progress(let step):
            var progress = Rushday_V1_GenerationProgress()
            progress.step = step.step
            progress.percentage = Int32(clamping: step.percentage)
            progress.message = step.message
            message.progress = progress
        case .plan(let plan):
            message.planSummary = summary(
                plan, includeTasks: request.includeTasks, includeAgenda: request.includeAgenda, includeVendors: request.includeVendors)
        case .complete(let generationID, let totalPlans, let elapsed):
            var complete = Rushday_V1_GenerationComplete()
            complete.generationID = generationID
            complete.totalPlans = Int32(clamping: totalPlans)
            complete.processingTimeMs = elapsed
            message.complete = complete
        }
        return message
    }

    /// The last message after a provider failure (§5.4).
    public static func errorMessage(code: String, message text: String) -> Rushday_V1_GenerateEventPlansStreamResponse {
        var error = Rushday_V1_GenerationError()
        error.code = code
        error.message = text
        var message = Rushday_V1_GenerateEventPlansStreamResponse()
        message.error = error
        return message
    }

    // MARK: Generators

    public static func generatedAgendaItem(_ entry: GeneratedAgendaEntry) -> Rushday_V1_GeneratedAgendaItem {
        var message = Rushday_V1_GeneratedAgendaItem()
        message.title = entry.title
        message.startTime = protoTimestamp(entry.startTime)
        message.endTime = protoTimestamp(entry.endTime)
        message.description_p = entry.description
        return message
    }

    public static func generatedExpenseItem(_ item: AllocationItem) -> Rushday_V1_GeneratedExpenseItem {
        var message = Rushday_V1_GeneratedExpenseItem()
        message.category = item.category.key
        message.estimatedCost = item.amount
        message.title = item.category.label
        return message
    }

    // MARK: Chat

    public static func chatTopic(_ topic: Rushday_V1_ChatTopic) -> ChatTopicKind? {
        switch topic {
        case .general: .general
        case .venue: .venue
        case .decor: .decor
        case .catering: .catering
        case .budget: .budget
        case .music: .music
        case .photoVideo: .photoVideo
        case .entertainment: .entertainment
        case .timeline: .timeline
        case .invitations: .invitations
        case .transport: .transport
        case .unspecified, .UNRECOGNIZED: nil
        }
    }

    public static func chatTopic(_ topic: ChatTopicKind) -> Rushday_V1_ChatTopic {
        switch topic {
        case .general: .general
        case .venue: .venue
        case .decor: .decor
        case .catering: .catering
        case .budget: .budget
        case .music: .music
        case .photoVideo: .photoVideo
        case .entertainment: .entertainment
        case .timeline: .timeline
        case .invitations: .invitations
        case .transport: .transport
        }
    }

    public static func toolExecution(_ run: ChatToolRun) -> Rushday_V1_ToolExecution {
        var message = Rushday_V1_ToolExecution()
        message.id = run.id
        message.toolName = run.name
        message.status = run.status
        message.summary = run.summary
        return message
    }

    public static func suggestedAction(_ action: ChatSuggestedAction) -> Rushday_V1_SuggestedAction {
        var message = Rushday_V1_SuggestedAction()
        message.actionType = switch action.kind {
        case .addTasks: .addTasks
        case .removeTasks: .removeTasks
        case .addAgenda: .addAgenda
        case .removeAgenda: .removeAgenda
        case .addExpenses: .addExpenses
        case .removeExpenses: .removeExpenses
        case .updateBudget: .updateBudget
        }
        message.promptText = action.promptText
        message.confirmButtonText = action.confirmButtonText
        message.declineButtonText = action.declineButtonText
        message.items = action.items.map { item in
            var entry = Rushday_V1_SuggestedActionItem()
            entry.id = item.id
            entry.title = item.title
            entry.description_p = item.description
            entry.category = item.category
            entry.amount = item.amount
            entry.startTime = item.startTime
            entry.durationMinutes = Int32(clamping: item.durationMinutes)
            return entry
        }
        return message
    }

    /// A checklist message (the service sets `created_at`, `conversation_id` and `is_saved`).
    public static func checklist(_ checklist: TopicChecklist) -> Rushday_V1_ChatChecklist {
        var message = Rushday_V1_ChatChecklist()
        message.id = checklist.id
        message.title = checklist.title
        message.description_p = checklist.description
        message.topic = chatTopic(checklist.topic)
        message.items = checklist.items.map { item in
            var entry = Rushday_V1_ChatChecklistItem()
            entry.id = item.id
            entry.text = item.text
            return entry
        }
        return message
    }
}
