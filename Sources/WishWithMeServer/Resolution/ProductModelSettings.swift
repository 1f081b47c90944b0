import Foundation
import HearthServer

/// Where the optional language model of item resolution lives (spec §6.2 steps 4–5): any
/// OpenAI-compatible chat completions API, e.g. `http://127.0.0.1:11434/v1` (Ollama) or
/// `https://api.openai.com/v1`. Read from `HEARTH_WWM_LLM_BASE_URL`, `HEARTH_WWM_LLM_MODEL`
/// and `HEARTH_WWM_LLM_API_KEY`; without a base URL resolution uses structured data only.
public struct ProductModelSettings: Sendable, Hashable, CustomStringConvertible {
    /// The API base without a trailing slash; requests go to `{baseURL}/chat/completions`.
    public var baseURL: String
    public var model: String
    /// Sent as `Authorization: Bearer …` when set; never logged.
    public var apiKey: String?
    /// How long one model call may take.
    public var timeout: Duration = .seconds(30)
    /// The cleaned page HTML handed to the model is cut to this many characters (`LLM_MAX_CHARS`).
    public var maxHTMLCharacters = 100_000
    /// At most this many image candidates are offered to the model.
    public var maxImageCandidates = 20

    public init(baseURL: String, model: String, apiKey: String? = nil) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.model = model
        self.apiKey = apiKey
    }

    public var description: String {
        "ProductModelSettings(baseURL: \(baseURL), model: \(model), apiKey: \(apiKey == nil ? "none" : "<redacted>"))"
    }

    /// `nil` when `HEARTH_WWM_LLM_BASE_URL` is unset or empty; a base URL that is not
    /// absolute http(s), or one without a model, is a configuration error.
    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> ProductModelSettings? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let model = value("HEARTH_WWM_LLM_MODEL")
        guard let base = value("HEARTH_WWM_LLM_BASE_URL") else {
            if model != nil {
                throw ConfigurationError(setting: "HEARTH_WWM_LLM_MODEL", message: "needs HEARTH_WWM_LLM_BASE_URL")
            }
            return nil
        }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw ConfigurationError(setting: "HEARTH_WWM_LLM_BASE_URL", message: "'\(base)' must be an absolute http(s) URL")
        }
        guard let model else {
            throw ConfigurationError(setting: "HEARTH_WWM_LLM_MODEL", message: "must name the model when HEARTH_WWM_LLM_BASE_URL is set")
        }
        return ProductModelSettings(baseURL: base, model: model, apiKey: value("HEARTH_WWM_LLM_API_KEY"))
    }
}
