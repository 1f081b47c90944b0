import AsyncHTTPClient
import Logging

/// Picks the provider ``KnotSettings/embeddingProvider`` names: `openai` with its base URL
/// and model (the settings reader guarantees both), otherwise the local hashed bag of words.
enum EmbeddingProviders {
    static func make(settings: KnotSettings, http: HTTPClient = .shared, logger: Logger) -> any EmbeddingProvider {
        if settings.embeddingProvider == "openai", let base = settings.embeddingBaseURL, let model = settings.embeddingModel {
            return OpenAICompatibleEmbeddingProvider(
                baseURL: base, model: model, apiKey: settings.embeddingAPIKey, http: http, logger: logger)
        }
        return LocalHashEmbeddingProvider()
    }
}
