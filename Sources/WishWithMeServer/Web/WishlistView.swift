import Foundation
import HearthCore
import HearthQRCode

/// What the wishlist page shows, built from what sync lets this user pull, so the page
/// can never show more than the API would: the owner pulls no marks on their own
/// wishlists (surprise mode), a friend pulls every mark but sees only their own.
struct WishlistView {
    let wishlist: JSONValue
    let items: [JSONValue]
    let marks: [JSONValue]
    let shares: [JSONValue]
    let userID: String
    /// Whether this friend followed a `mark` link of the wishlist (decision §10.4).
    let mayMark: Bool
    let shareURLBase: String
    let strings: [String: String]

    var isOwner: Bool { wishlist["owner_id"]?.stringValue == userID }

    var context: [String: Any] {
        var context: [String: Any] = [
            "wishlist": [
                "id": WebPath.bare(wishlist["_id"]?.stringValue ?? ""), "name": wishlist["name"]?.stringValue ?? "",
                "description": wishlist["description"]?.stringValue ?? "",
            ],
            "is_owner": isOwner, "items": items.map(item), "has_items": !items.isEmpty, "view_only": !isOwner && !mayMark,
        ]
        if isOwner { context["shares"] = shares.map(share) }
        return context
    }

    private func item(_ item: JSONValue) -> [String: Any] {
        let id = item["_id"]?.stringValue ?? ""
        let quantity = Int(item["quantity"]?.intValue ?? 1)
        let status = item["status"]?.stringValue ?? "resolved"
        var view: [String: Any] = [
            "id": WebPath.bare(id), "title": item["title"]?.stringValue ?? "", "description": item["description"]?.stringValue ?? "",
            "status": status, "status_label": strings["status_\(status)"] ?? status, "quantity": quantity,
            "is_resolving": status == "pending" || status == "in_progress",
        ]
        if let price = item["price"]?.doubleValue {
            view["price"] = PriceLabel.text(price, currency: item["currency"]?.stringValue)
        }
        // Only images the server holds: a third-party URL would tell its host who views the page.
        if let image = item["image_base64"]?.stringValue { view["image"] = image }
        if let source = item["source_url"]?.stringValue { view["source_url"] = source }
        guard !isOwner else { return view }
        let onItem = marks.filter { $0["item_id"]?.stringValue == id }
        let taken = onItem.reduce(0) { $0 + Int($1["quantity"]?.intValue ?? 1) }
        let mine = onItem.first { $0["marked_by"]?.stringValue == userID }
        let free = max(0, quantity - taken)
        view["free"] = free
        view["free_text"] = (strings["free_of"] ?? "%1 of %2 free").replacingOccurrences(of: "%1", with: "\(free)")
            .replacingOccurrences(of: "%2", with: "\(quantity)")
        view["can_mark"] = mayMark && free > 0
        if let mine { view["my_mark"] = ["quantity": Int(mine["quantity"]?.intValue ?? 1)] }
        return view
    }

    private func share(_ share: JSONValue) -> [String: Any] {
        let token = share["token"]?.stringValue ?? ""
        let url = share["share_url"]?.stringValue ?? "\(shareURLBase)/s/\(token)"
        let qr = share["qr_code_base64"]?.stringValue ?? (try? QRCodeImage.base64PNG(encoding: url))
        let type = share["link_type"]?.stringValue ?? "mark"
        return [
            "id": WebPath.bare(share["_id"]?.stringValue ?? ""), "url": url, "qr": qr.map { "data:image/png;base64,\($0)" } ?? "",
            "type_label": strings["link_\(type)"] ?? type,
        ]
    }
}

/// `1 990 RUB`-style prices: whole amounts without decimals, others with two.
enum PriceLabel {
    static func text(_ price: Double, currency: String?) -> String {
        let amount = price.rounded() == price ? String(Int64(price)) : String(format: "%.2f", price)
        return [amount, currency].compactMap { $0 }.joined(separator: " ")
    }
}
