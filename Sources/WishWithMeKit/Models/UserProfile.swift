/// The signed-in user's own document (`user:{uuid}`, or a legacy bare UUID; spec §7.1).
///
/// Holds profile fields only: `password_hash` and `refresh_tokens`, should a server still
/// send them, are ignored when decoding and can never be written back.
public struct UserProfile: WishDocument {
    public static let documentType = WishDocumentType.user
    /// The locale the server reports when none is stored (spec §2.7).
    public static let defaultLocale = "en"

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    /// Server-controlled and stripped from pushes; absent on some legacy documents.
    public var email: String?
    /// 1–100 characters when set (see ``ProfileRules``).
    public var name: String?
    /// A `data:` URL; see ``AvatarImage/defaultDataURL``.
    public var avatarBase64: String?
    public var bio: String?
    public var publicURLSlug: String?
    /// `"ru"` or `"en"`.
    public var locale: String
    /// `YYYY-MM-DD`.
    public var birthday: String?
    public var socialLinks: SocialLinks?
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.user.newID(), revision: String? = nil, isDeleted: Bool = false,
        email: String? = nil, name: String? = nil, avatarBase64: String? = nil, bio: String? = nil,
        publicURLSlug: String? = nil, locale: String = UserProfile.defaultLocale, birthday: String? = nil,
        socialLinks: SocialLinks? = nil, access: [String]? = nil, createdAt: String, updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.email = email
        self.name = name
        self.avatarBase64 = avatarBase64
        self.bio = bio
        self.publicURLSlug = publicURLSlug
        self.locale = locale
        self.birthday = birthday
        self.socialLinks = socialLinks
        self.access = access ?? [id]
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether the user still has the avatar every account starts with.
    public var hasDefaultAvatar: Bool { AvatarImage.isDefaultAvatar(avatarBase64) }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case email, name, avatarBase64 = "avatar_base64", bio, publicURLSlug = "public_url_slug", locale, birthday
        case socialLinks = "social_links", access, createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id` and `created_at` only (spec §4.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        email = container.optional(.email)
        name = container.optional(.name)
        avatarBase64 = container.optional(.avatarBase64)
        bio = container.optional(.bio)
        publicURLSlug = container.optional(.publicURLSlug)
        locale = container.value(.locale, default: Self.defaultLocale)
        birthday = container.optional(.birthday)
        socialLinks = container.optional(.socialLinks)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(avatarBase64, forKey: .avatarBase64)
        try container.encodeIfPresent(bio, forKey: .bio)
        try container.encodeIfPresent(publicURLSlug, forKey: .publicURLSlug)
        try container.encode(locale, forKey: .locale)
        try container.encodeIfPresent(birthday, forKey: .birthday)
        try container.encodeIfPresent(socialLinks, forKey: .socialLinks)
    }
}
