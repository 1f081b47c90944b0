import HearthCore
import HearthServer
import HearthStore

/// A user's own document: only profile fields come from the client, merged into the
/// stored document (spec §8.7) so a push can never touch the email or credentials; the
/// document can not be created or deleted through sync. A `public_url_slug` is unique
/// per deployment (decision §10.5).
struct UserProfileRule: CollectionWriteRule {
    let collection = WishWithMeCollection.users

    static let maxAvatarBytes = 1024 * 1024

    func canRead(_ document: StoredDocument, userID: String) -> Bool { document.id == userID }

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        guard write.id == write.userID else { return .deny(RuleDenial.unauthorized("can only update own user document")) }
        guard let stored = write.stored else { return .deny(APIError.notFound("User not found")) }
        guard let data = write.data else { return .deny(RuleDenial.unauthorized("user documents cannot be deleted")) }
        var body = stored.data.objectValue ?? [:]
        for (key, value) in try profileFields(of: data, stored: body) { body[key] = value }
        if let slug = body["public_url_slug"]?.stringValue, try await Self.isTaken(slug: slug, by: write.userID, executor: context.executor) {
            return .deny(APIError(.conflict, code: .conflict, message: "Slug already taken"))
        }
        body["updated_at"] = .string(context.now)
        return .allow(access: [write.userID], data: .object(body))
    }

    /// The client-controlled fields of spec §7.1, validated; absent counts as null except
    /// for `name` and `locale`, which keep their stored value.
    func profileFields(of data: JSONValue, stored: [String: JSONValue]) throws -> [String: JSONValue] {
        let fields = FieldRules(data: data)
        var profile: [String: JSONValue] = [:]
        profile["name"] = try fields.optionalString("name", maxLength: 100).map { name in
            guard !name.isEmpty else { throw APIError.validation("'name' must not be empty") }
            return .string(name)
        } ?? stored["name"] ?? .string("")
        profile["bio"] = try fields.optionalString("bio", maxLength: 500).map(JSONValue.string) ?? .null
        profile["avatar_base64"] = try fields.optionalImageDataURL("avatar_base64", maxBytes: Self.maxAvatarBytes).map(JSONValue.string) ?? .null
        if let slug = try fields.optionalString("public_url_slug", maxLength: 50) {
            guard !slug.isEmpty, slug.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
                throw APIError.validation("'public_url_slug' may contain only a-z, 0-9 and '-'")
            }
            profile["public_url_slug"] = .string(slug)
        } else {
            profile["public_url_slug"] = .null
        }
        if let locale = try fields.optionalString("locale", maxLength: 2) {
            guard ["ru", "en"].contains(locale) else { throw APIError.validation("'locale' must be ru or en") }
            profile["locale"] = .string(locale)
        }
        profile["birthday"] = try fields.optionalString("birthday", maxLength: 10).map { text in
            guard Birthday.isValid(text) else { throw APIError.validation("'birthday' must be a date YYYY-MM-DD") }
            return .string(text)
        } ?? .null
        profile["social_links"] = try socialLinks(fields)
        return profile
    }

    private func socialLinks(_ fields: FieldRules) throws -> JSONValue {
        guard let value = fields.value("social_links") else { return .null }
        guard let links = value.objectValue else { throw APIError.validation("'social_links' must be an object") }
        let networks = ["instagram", "telegram", "vk", "twitter", "facebook"]
        var result: [String: JSONValue] = [:]
        let linkFields = FieldRules(data: value)
        for network in networks {
            result[network] = try linkFields.optionalString(network, maxLength: 200).map(JSONValue.string) ?? .null
        }
        if let unknown = links.keys.first(where: { !networks.contains($0) }) {
            throw APIError.validation("'social_links.\(unknown.prefix(40))' is not one of \(networks.joined(separator: ", "))")
        }
        return .object(result)
    }

    /// Whether another user holds `slug` (decision §10.5: unique, ignoring case).
    static func isTaken(slug: String, by userID: String, executor: any SQLExecutor) async throws -> Bool {
        let row = try await executor.queryFirst("SELECT user_id FROM wwm_slugs WHERE slug = ?", [.text(slug.lowercased())])
        return try row.map { try $0.string("user_id") != userID } ?? false
    }
}

/// `YYYY-MM-DD` naming a real calendar day.
enum Birthday {
    static func isValid(_ text: String) -> Bool {
        let shape = text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return text.utf8.count == 10 && shape && Timestamp(iso8601: "\(text)T00:00:00Z") != nil
    }
}
