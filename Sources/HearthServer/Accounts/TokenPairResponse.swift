import HearthCore

/// The answer of a sign-in or refresh: a token pair, optionally with the user.
public struct TokenPairResponse: Sendable {
    public let accessToken: String
    public let refreshToken: String
    public let expiresIn: Int64
    public let user: JSONValue?

    public init(accessToken: String, refreshToken: String, expiresIn: Int64, user: JSONValue?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.user = user
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "access_token": .string(accessToken), "refresh_token": .string(refreshToken), "token_type": "bearer",
            "expires_in": .int(expiresIn),
        ]
        if let user { object["user"] = user }
        return .object(object)
    }
}
