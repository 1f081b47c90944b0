/// The `GenerateEventPlans` stream as a pure description (§5.4): five progress steps, one
/// plan per variant, `finalizing` 100, then `complete`.

/// One progress message.
public struct GenerationStep: Sendable, Hashable {
    /// `analyzing` | `finding_venues` | `creating_program` | `calculating_budget` |
    /// `generating_plans` | `finalizing`.
    public var step: String
    /// 0…100, non-decreasing within a stream.
    public var percentage: Int
    public var message: String

    public init(step: String, percentage: Int, message: String) {
        self.step = step
        self.percentage = percentage
        self.message = message
    }
}

/// What a planning provider's plan stream yields; the service forwards these one to one
/// (`progress`, `plan_summary`, `complete`). A provider failure is a thrown error, which the
/// service turns into `GenerationError{code: "PROVIDER_ERROR"}`.
public enum PlanGenerationEvent: Sendable, Hashable {
    case progress(GenerationStep)
    /// A full plan; the service derives the summary with the request's include flags.
    case plan(GeneratedPlan)
    case complete(generationID: String, totalPlans: Int, processingTimeMilliseconds: Int64)
}

public enum PlanStreamFraming {
    /// The steps before the plans, in order ([CLIENT] step names).
    public static let leadingSteps: [GenerationStep] = [
        GenerationStep(step: "analyzing", percentage: 10, message: "Analyzing your preferences"),
        GenerationStep(step: "finding_venues", percentage: 30, message: "Finding venue ideas"),
        GenerationStep(step: "creating_program", percentage: 50, message: "Creating the program"),
        GenerationStep(step: "calculating_budget", percentage: 70, message: "Calculating the budget"),
        GenerationStep(step: "generating_plans", percentage: 90, message: "Generating your plans"),
    ]

    /// The step after the plans.
    public static let finalStep = GenerationStep(step: "finalizing", percentage: 100, message: "Finalizing")

    /// The complete successful stream for the given plans.
    public static func events(plans: [GeneratedPlan], generationID: String, processingTimeMilliseconds: Int64) -> [PlanGenerationEvent] {
        leadingSteps.map(PlanGenerationEvent.progress)
            + plans.map(PlanGenerationEvent.plan)
            + [.progress(finalStep),
               .complete(generationID: generationID, totalPlans: plans.count, processingTimeMilliseconds: processingTimeMilliseconds)]
    }
}
