import HearthServer

/// The providers a deployment offers (spec §3.1, §3.2): `google` and `yandex` exist,
/// and a provider is usable only when its client id and secret are configured.
struct OAuthProviders: Sendable {
    let configured: [OAuthProviderSettings]

    /// Configured providers in the order of spec §3.2 (google, yandex).
    var names: [String] {
        OAuthProviderSettings.Provider.allCases.filter { configuredSettings(for: $0) != nil }.map(\.rawValue)
    }

    /// The provider a path names; 422 when it is not one of the known providers.
    static func provider(named name: String?) throws -> OAuthProviderSettings.Provider {
        guard let name, let provider = OAuthProviderSettings.Provider(rawValue: name) else {
            let known = OAuthProviderSettings.Provider.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw APIError.validation("provider should be \(known)")
        }
        return provider
    }

    /// The settings of a known provider; 400 when it is not configured.
    func settings(for provider: OAuthProviderSettings.Provider) throws -> OAuthProviderSettings {
        guard let settings = configuredSettings(for: provider) else {
            throw APIError.badRequest("OAuth provider '\(provider.rawValue)' is not configured")
        }
        return settings
    }

    private func configuredSettings(for provider: OAuthProviderSettings.Provider) -> OAuthProviderSettings? {
        configured.first { $0.provider == provider && !$0.clientID.isEmpty && !$0.clientSecret.isEmpty }
    }

    func settings(named name: String?) throws -> OAuthProviderSettings {
        try settings(for: Self.provider(named: name))
    }
}
