import Foundation
import HearthCore
import HearthOutbound
import HearthServer
import HearthStore
import Logging

/// Resolves an item added by URL (spec §6): claims it (`in_progress`, visible to clients),
/// fetches the page through the SSRF-safe fetcher, reads the product from its structured
/// data, downloads the image, and stores the result as `resolved` — or as `error` with a
/// `resolve_error` code once the job has no attempts left. Runs as a durable job, so a
/// crash mid-way is retried from the claim.
struct ItemResolver: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules
    let fetcher: OutboundFetcher
    /// Renders pages whose raw HTML lacks the product (built by script); `nil` without Chromium.
    let browser: ProductPageBrowser?
    /// Fills what structured data left out (spec §6.2 steps 4–5); `nil` when not configured.
    var model: ProductModelClient? = nil
    let parser = ProductPageParser()
    let instanceID: String
    let logger: Logger

    /// Images up to this size are embedded as `image_base64`; larger ones are linked.
    static let maxInlineImageBytes = 1024 * 1024
    static let maxImageDownloadBytes = 5 * 1024 * 1024

    func run(_ job: JobContext) async throws {
        guard let itemID = job.payload["item_id"]?.stringValue, let sourceURL = try await claim(itemID) else { return }
        let outcome: ItemResolution
        do throws(OutboundError) {
            outcome = try await resolve(sourceURL)
        } catch where error.isTransient && job.attempt < ItemResolutionTrigger.maxAttempts {
            logger.info("item resolution will be retried", metadata: ["item": .string(itemID), "reason": .string(error.code)])
            throw error
        } catch {
            outcome = .failed(code: error.code)
        }
        try await store(outcome, itemID: itemID)
    }

    /// Marks the item `in_progress`; nil when there is nothing (left) to resolve.
    private func claim(_ itemID: String) async throws -> String? {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            guard let item = try await context.live(itemID, in: .items), let url = item.data["source_url"]?.stringValue else { return nil }
            // The job queue runs one attempt at a time, so an `in_progress` item here is a
            // claim left by an attempt that crashed or timed out: take it over.
            guard ["pending", "in_progress"].contains(item.data["status"]?.stringValue) else { return nil }
            try await update(item, context: context) { body in
                body["status"] = "in_progress"
                body["claimed_by"] = .string(instanceID)
                body["claimed_at"] = .string(context.now)
                body["lease_expires_at"] = .string(LegacyTimestamp.format(writer.store.clock.now.adding(seconds: 600)))
            }
            return url
        }
    }

    private func resolve(_ sourceURL: String) async throws(OutboundError) -> ItemResolution {
        let page = try await fetcher.get(sourceURL, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
        let charset = page.contentType.flatMap(Self.charset(of:))
        var final = (html: page.bytes, url: page.url, charset: charset, status: Int?.none)
        var product = parser.parse(html: final.html, pageURL: page.url, declaredCharset: charset)
        if !product.isComplete, let browser {
            do {
                let rendered = try await browser.render(page.url, policy: fetcher.policy)
                final = (Array(rendered.html.utf8), rendered.finalURL, "utf-8", rendered.status)
                product = product.filled(from: parser.parse(html: final.html, pageURL: final.url, declaredCharset: final.charset))
            } catch {
                logger.info("rendering the page failed; using its raw HTML", metadata: ["error": "\(error)"])
            }
        }
        if !product.isComplete {
            if BlockedPageDetector.isBlocked(html: final.html, status: final.status, charset: final.charset) {
                return .failed(code: "BLOCKED_OR_UNAVAILABLE")
            }
            if let model {
                let input = ProductPageModelInput(
                    html: final.html, pageURL: final.url, charset: final.charset, maxHTMLCharacters: model.settings.maxHTMLCharacters,
                    maxImageCandidates: model.settings.maxImageCandidates)
                if let reading = await model.read(input) { product = product.supplemented(by: reading) }
            }
        }
        guard product.confidence > 0, product.title != nil else { return .failed(code: "UNSUPPORTED_CONTENT") }
        var image: String?
        if let imageURL = product.imageURL, let fetched = try? await fetcher.getImage(imageURL, maxBytes: Self.maxImageDownloadBytes),
            fetched.body.readableBytes <= Self.maxInlineImageBytes, let type = fetched.mediaType
        {
            image = "data:\(type);base64,\(Data(fetched.bytes).base64EncodedString())"
        }
        return .resolved(product, imageBase64: image)
    }

    private func store(_ outcome: ItemResolution, itemID: String) async throws {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            // The owner may have edited or deleted the item meanwhile; then their version stands.
            guard let item = try await context.live(itemID, in: .items), item.data["status"]?.stringValue == "in_progress",
                item.data["claimed_by"]?.stringValue == instanceID
            else { return }
            try await update(item, context: context) { body in
                outcome.apply(to: &body, now: context.now, resolver: instanceID)
                for key in ["claimed_by", "claimed_at", "lease_expires_at"] { body[key] = .null }
            }
        }
    }

    private func update(_ item: StoredDocument, context: WishWithMeWriteContext, _ change: (inout [String: JSONValue]) -> Void)
        async throws
    {
        var body = item.data.objectValue ?? [:]
        change(&body)
        body["updated_at"] = .string(context.now)
        try await rules.save(
            DocumentWrite(
                id: item.id, collection: item.collection, data: .object(body), access: Set(item.access),
                clientUpdatedAt: context.writer.store.clock.now, author: item.data["owner_id"]?.stringValue ?? item.updatedBy),
            replacing: item, writer: context.writer)
    }

    static func charset(of contentType: String) -> String? {
        contentType.split(separator: ";").dropFirst().lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }
}

extension OutboundError {
    /// Worth another attempt later: the site may be back.
    var isTransient: Bool {
        switch self {
        case .timeout, .transport: true
        case .httpStatus(let status): status >= 500 || status == 429
        default: false
        }
    }
}
