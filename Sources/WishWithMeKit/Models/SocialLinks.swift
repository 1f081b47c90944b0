/// A profile's social links (spec §2.7): each value is a handle or URL, or `nil`.
public struct SocialLinks: Codable, Sendable, Hashable {
    public var instagram: String?
    public var telegram: String?
    public var vk: String?
    public var twitter: String?
    public var facebook: String?

    public init(
        instagram: String? = nil, telegram: String? = nil, vk: String? = nil, twitter: String? = nil,
        facebook: String? = nil
    ) {
        self.instagram = instagram
        self.telegram = telegram
        self.vk = vk
        self.twitter = twitter
        self.facebook = facebook
    }

    enum CodingKeys: String, CodingKey {
        case instagram, telegram, vk, twitter, facebook
    }

    /// Lenient: a value that is not a string is treated as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        instagram = container.optional(.instagram)
        telegram = container.optional(.telegram)
        vk = container.optional(.vk)
        twitter = container.optional(.twitter)
        facebook = container.optional(.facebook)
    }
}
