import HearthServer

/// The parts of Knot that reach outside services, each `nil` to build it from the
/// settings. Tests pass fakes here (a recording push sender, a fixture catalogue).
struct KnotCollaborators: Sendable {
    var push: (any PushSender)?
    var embeddings: (any EmbeddingProvider)?
    var candidateSource: (any CandidateSource)?
    var verifier: (any URLVerifier)?
    var catalog: StubCatalog?

    init(
        push: (any PushSender)? = nil, embeddings: (any EmbeddingProvider)? = nil, candidateSource: (any CandidateSource)? = nil,
        verifier: (any URLVerifier)? = nil, catalog: StubCatalog? = nil
    ) {
        self.push = push
        self.embeddings = embeddings
        self.candidateSource = candidateSource
        self.verifier = verifier
        self.catalog = catalog
    }
}
