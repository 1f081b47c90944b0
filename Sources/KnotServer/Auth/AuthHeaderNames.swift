import HTTPTypes

/// The header names of the GoTrue and gateway wire that `HTTPTypes` does not predefine.
enum AuthHeaderName {
    /// `X-Supabase-Api-Version`: which error shape a request wants (research doc §3.1).
    static let apiVersion = named("X-Supabase-Api-Version")
    /// `x-sb-error-code` on legacy error answers.
    static let errorCode = named("x-sb-error-code")
    /// `apikey`, sent by both SDKs (`Apikey`, `apiKey`: names are case-insensitive).
    static let apiKey = named("apikey")
    static let totalCount = named("X-Total-Count")
    static let link = named("Link")

    /// These are literals known to be valid; a typo traps at the first use, in any test.
    private static func named(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else { preconditionFailure("invalid header name \(name)") }
        return field
    }
}
