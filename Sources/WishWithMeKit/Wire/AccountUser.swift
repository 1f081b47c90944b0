/// The user object of auth responses and `/auth/me` (spec §2.7). Unlike ``UserProfile``
/// it carries a plain `id`, and never `_rev` or `access`.
///
/// `id`, `email`, `name`, `locale`, `created_at`, `updated_at` are required: the iOS app
/// signs the user out when they are missing, so decoding fails loudly too.
public struct AccountUser: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var email: String
    public var name: String
    public var bio: String?
    public var publicURLSlug: String?
    public var socialLinks: SocialLinks?
    public var locale: String
    /// `YYYY-MM-DD`.
    public var birthday: String?
    public var avatarBase64: String?
    public var createdAt: String
    public var updatedAt: String

    public init(
        id: String, email: String, name: String, bio: String? = nil, publicURLSlug: String? = nil,
        socialLinks: SocialLinks? = nil, locale: String, birthday: String? = nil, avatarBase64: String? = nil,
        createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.email = email
        self.name = name
        self.bio = bio
        self.publicURLSlug = publicURLSlug
        self.socialLinks = socialLinks
        self.locale = locale
        self.birthday = birthday
        self.avatarBase64 = avatarBase64
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, email, name, bio, publicURLSlug = "public_url_slug", socialLinks = "social_links", locale, birthday
        case avatarBase64 = "avatar_base64", createdAt = "created_at", updatedAt = "updated_at"
    }
}
