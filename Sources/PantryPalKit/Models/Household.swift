import HearthCore

/// The household the signed-in user belongs to, as `GET auth/me` last reported it.
public struct Household: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// The raw flag; whether premium is in force also depends on ``premiumExpiresAt``.
    public var isPremium: Bool
    /// As the server sent it (`YYYY-MM-DDTHH:MM:SSZ`); `nil` = never expires.
    public var premiumExpiresAt: String?
    /// The free tier's row limit for inventory and grocery (`config.freeLimit`).
    public var freeLimit: Int

    public init(id: String, name: String, isPremium: Bool = false, premiumExpiresAt: String? = nil, freeLimit: Int = FreeLimit.rows) {
        self.id = id
        self.name = name
        self.isPremium = isPremium
        self.premiumExpiresAt = premiumExpiresAt
        self.freeLimit = freeLimit
    }

    /// Premium in force at `now` (spec §3.1).
    public func isPremiumActive(at now: Timestamp) -> Bool {
        PremiumRule.isActive(flag: isPremium, expiresAt: premiumExpiresAt, now: now)
    }
}
