import HearthCore

/// The result of resolving one item, and how it changes the item (spec §6.3).
public enum ItemResolution: Sendable {
    case resolved(ProductPage, imageBase64: String?)
    /// `code` is one of the resolver codes of spec §1.8 (`SSRF_BLOCKED`, `TIMEOUT`, …).
    case failed(code: String)

    /// What would be stored on an item (without resolver bookkeeping), for `hearth wish resolve`.
    public var storedFields: [String: JSONValue] {
        var body: [String: JSONValue] = [:]
        apply(to: &body, now: "", resolver: "")
        for key in ["resolved_by", "resolved_at"] { body[key] = nil }
        return body
    }

    func apply(to body: inout [String: JSONValue], now: String, resolver: String) {
        body["resolved_by"] = .string(resolver)
        switch self {
        case .resolved(let page, let image):
            body["status"] = "resolved"
            if let title = page.title, !title.isEmpty { body["title"] = .string(title) }
            if let description = page.description, !description.isEmpty { body["description"] = .string(description) }
            if let price = page.price { body["price"] = .double(price) }
            if let currency = page.currency { body["currency"] = .string(currency) }
            if let canonical = page.canonicalURL { body["source_url"] = .string(canonical) }
            if let imageURL = page.imageURL { body["image_url"] = .string(imageURL) }
            if let image { body["image_base64"] = .string(image) }
            body["resolve_confidence"] = .double(page.confidence)
            body["resolved_at"] = .string(now)
            body["resolve_error"] = .null
        case .failed(let code):
            body["status"] = "error"
            body["resolve_error"] = .string(code)
        }
    }
}
