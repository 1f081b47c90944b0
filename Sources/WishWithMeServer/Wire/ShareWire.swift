import HearthCore
import HearthServer
import HearthStore

/// `POST /api/v1/wishlists/{id}/share` body (spec §5.1): both keys optional.
struct CreateShareRequest {
    let linkType: ShareService.LinkType
    let expiresInDays: Int?

    init(_ body: JSONValue) throws {
        guard body.objectValue != nil else { throw APIError.validation("The body must be a JSON object") }
        let fields = FieldRules(data: body)
        let type = try fields.optionalString("link_type", maxLength: 10) ?? "mark"
        guard let linkType = ShareService.LinkType(rawValue: type) else {
            throw APIError.validation("'link_type' must be view or mark")
        }
        self.linkType = linkType
        if let days = fields.value("expires_in_days") {
            guard let count = days.intValue, (1...365).contains(count) else {
                throw APIError.validation("'expires_in_days' must be a whole number from 1 to 365, or null")
            }
            expiresInDays = Int(count)
        } else {
            expiresInDays = nil
        }
    }
}

/// The 201 body: bare UUIDs for `id` and `wishlist_id`, `Z` timestamps (spec §5.1).
enum ShareResponse {
    static func render(_ share: StoredDocument) -> JSONValue {
        let data = share.data
        func zulu(_ key: String) -> JSONValue {
            data[key]?.stringValue.flatMap(LegacyTimestamp.tolerant).map { .string(LegacyTimestamp.formatZulu($0)) } ?? .null
        }
        return [
            "id": .string(ShareService.bare(share.id)),
            "wishlist_id": .string(ShareService.bare(data["wishlist_id"]?.stringValue ?? "")),
            "token": data["token"] ?? .null,
            "link_type": data["link_type"] ?? .null,
            "expires_at": zulu("expires_at"),
            "access_count": data["access_count"] ?? 0,
            "created_at": zulu("created_at"),
            "share_url": data["share_url"] ?? .null,
            "qr_code_base64": data["qr_code_base64"] ?? .null,
        ]
    }
}
