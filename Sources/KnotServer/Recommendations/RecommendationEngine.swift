/// Whatever turns a vault into three ideas (spec §6): the six-stage pipeline by default,
/// or the unified single-call engine with `RECOMMENDER=unified` (§6.11).
protocol RecommendationEngine: Sendable {
    /// The stub catalogue the engine's results fall back on for images (§6.9).
    var catalog: StubCatalog { get }
    func run(_ input: PipelineInput) async -> PipelineOutput
}

extension RecommendationPipeline: RecommendationEngine {}
