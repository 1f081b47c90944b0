import Foundation
import HearthCore

/// A validated new item, before it becomes a ``WishlistItem`` in a wishlist (spec §6.1,
/// §7.3).
///
/// From a link: the server resolves details later, so the item starts `pending` with the
/// site name as a placeholder title. Manual: the user's details are final (`resolved`).
public struct ItemDraft: Sendable, Hashable {
    public static let maxLinkLength = 2048
    public static let titleLengths = 1...200
    public static let maxDescriptionLength = 1000

    public let title: String
    public let description: String?
    public let price: Double?
    public let currency: String?
    public let quantity: Int
    public let sourceURL: String?

    /// A draft for the product page at `link` (surrounding whitespace is ignored).
    public static func link(_ link: String) throws(ItemDraftError) -> ItemDraft {
        let url = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else { throw .linkEmpty }
        guard url.count <= maxLinkLength else { throw .linkTooLong(maximum: maxLinkLength) }
        guard let host = webHost(of: url) else { throw .linkNotWeb }
        guard !host.isEmpty else { throw .linkWithoutHost }
        let placeholder = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        return ItemDraft(
            title: placeholder.isEmpty ? host : placeholder, description: nil, price: nil, currency: nil,
            quantity: 1, sourceURL: url)
    }

    /// A draft typed in by the user. Title and description are trimmed; an empty
    /// description or currency counts as none; the currency is upper-cased.
    public static func manual(
        title: String, description: String? = nil, price: Double? = nil, currency: String? = nil, quantity: Int = 1
    ) throws(ItemDraftError) -> ItemDraft {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .titleEmpty }
        guard title.unicodeScalars.count <= titleLengths.upperBound else {
            throw .titleTooLong(maximum: titleLengths.upperBound)
        }
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let description, description.unicodeScalars.count > maxDescriptionLength {
            throw .descriptionTooLong(maximum: maxDescriptionLength)
        }
        if let price, !(price.isFinite && price >= 0) { throw .priceInvalid }
        let code = currency?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        if let code, !code.isEmpty, !isCurrencyCode(code) { throw .currencyInvalid(currency ?? code) }
        guard quantity >= 1 else { throw .quantityBelowOne }
        return ItemDraft(
            title: title, description: description?.isEmpty == false ? description : nil, price: price,
            currency: code?.isEmpty == false ? code : nil, quantity: quantity, sourceURL: nil)
    }

    /// The item to save into `wishlist`: owned by the wishlist's owner, readable by the
    /// wishlist's readers, stamped `now`.
    public func makeItem(
        in wishlist: Wishlist, now: Timestamp, id: String = WishDocumentType.item.newID()
    ) -> WishlistItem {
        WishlistItem(
            id: id, wishlistID: wishlist.id, ownerID: wishlist.ownerID, title: title, description: description,
            price: price, currency: currency, quantity: quantity, sourceURL: sourceURL,
            status: sourceURL == nil ? .resolved : .pending, access: wishlist.access, createdAt: now.iso8601,
            updatedAt: now.iso8601)
    }

    /// The lower-cased host of an `http(s)://` URL (empty if none), or `nil` for any other
    /// scheme or a URL containing whitespace.
    static func webHost(of url: String) -> String? {
        let lowered = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        guard !url.unicodeScalars.contains(where: \.properties.isWhitespace) else { return nil }
        var authority = lowered.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            return authority.firstIndex(of: "]").map { String(authority[...$0]) } ?? String(authority)
        }
        return String(authority.prefix { $0 != ":" })
    }

    static func isCurrencyCode(_ code: String) -> Bool {
        code.unicodeScalars.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}
