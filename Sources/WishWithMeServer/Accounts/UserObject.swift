import HearthCore
import HearthStore

/// The user as auth responses show it (spec §2.7): plain `id`, never `_rev`, credentials
/// or `access`. Tolerant on output — whatever is stored, the keys the iOS decoder
/// requires are non-null strings, so a bad stored value can never log a user out.
enum UserObject {
    static func render(_ document: StoredDocument, email accountEmail: String?) -> JSONValue {
        let data = document.data
        let email = accountEmail ?? data["email"]?.stringValue ?? "\(document.id)@unknown.oauth"
        let storedName = data["name"]?.stringValue ?? ""
        let name = storedName.isEmpty ? String(email.split(separator: "@").first ?? "User") : storedName
        func optionalString(_ key: String) -> JSONValue { data[key]?.stringValue.map(JSONValue.string) ?? .null }
        let locale = data["locale"]?.stringValue
        let now = LegacyTimestamp.format(document.updatedAt)
        return [
            "id": .string(document.id),
            "email": .string(email),
            "name": .string(name),
            "bio": optionalString("bio"),
            "public_url_slug": optionalString("public_url_slug"),
            "social_links": data["social_links"]?.objectValue.map(JSONValue.object) ?? .null,
            "locale": .string(locale == "ru" || locale == "en" ? locale ?? "en" : "en"),
            "birthday": optionalString("birthday"),
            "avatar_base64": optionalString("avatar_base64"),
            "created_at": .string(data["created_at"]?.stringValue ?? now),
            "updated_at": .string(data["updated_at"]?.stringValue ?? now),
        ]
    }
}
