import Foundation
import WishWithMeServer

/// A directory of saved product pages and the answer each should resolve to
/// (`Benchmarks/ProductCorpus`, described by its README): the pages as the loopback shop
/// serves them, and the comparison of a resolution with the expected answer.
struct ResolveCorpus: Sendable {
    /// Extra files a page fetches, e.g. the JSON its script renders.
    struct Resource: Decodable, Sendable {
        var path: String
        var file: String
    }

    /// One manifest entry.
    struct Page: Decodable, Sendable {
        var file: String
        var path: String
        var shape: String?
        var status: Int?
        var contentType: String?
        var resources: [Resource]?
        var title: String?
        var price: Double?
        var currency: String?
        var image: String?
        var blocked: Bool
        var needsBrowser: Bool
        var knownGap: String?
    }

    /// What the shop answers at one path; `{{origin}}` in the body becomes the shop's origin.
    struct Answer: Sendable {
        var status: Int
        var contentType: String
        var body: [UInt8]
    }

    private struct Manifest: Decodable {
        var pages: [Page]
    }

    /// A resolved price counts as right when it is less than this away from the expected one.
    static let priceTolerance = 0.005
    static let originPlaceholder = Array("{{origin}}".utf8)

    let directory: String
    private(set) var pages: [Page]
    private(set) var answers: [String: Answer]

    /// Reads `manifest.json` in `directory` and every file it names.
    static func load(directory: String) throws -> ResolveCorpus {
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        let manifestURL = base.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else {
            throw CommandError("no manifest.json in \(directory); --corpus takes the corpus directory")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let manifest: Manifest
        do {
            manifest = try decoder.decode(Manifest.self, from: data)
        } catch {
            throw CommandError("\(manifestURL.path) is not a corpus manifest: \(error)")
        }
        var answers: [String: Answer] = [:]
        func read(_ file: String) throws -> [UInt8] {
            guard let bytes = FileManager.default.contents(atPath: base.appendingPathComponent(file).path) else {
                throw CommandError("the manifest names \(file), which is not in \(directory)")
            }
            return Array(bytes)
        }
        for page in manifest.pages {
            guard answers[page.path] == nil else { throw CommandError("the manifest serves two files at \(page.path)") }
            answers[page.path] = Answer(
                status: page.status ?? 200, contentType: page.contentType ?? "text/html; charset=utf-8", body: try read(page.file))
            for resource in page.resources ?? [] {
                let type = resource.file.hasSuffix(".json") ? "application/json" : "application/octet-stream"
                answers[resource.path] = Answer(status: 200, contentType: type, body: try read(resource.file))
            }
        }
        return ResolveCorpus(directory: directory, pages: manifest.pages, answers: answers)
    }

    /// Adds a page of about `bytes` bytes built here rather than stored: its JSON-LD product
    /// comes first, then a long listing of other products, as on catalogue-heavy shops.
    mutating func addGeneratedLargePage(bytes: Int = 2_500_000) {
        var html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Standing Desk Frame, Dual Motor | Deskworks</title>
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Standing Desk Frame, Dual Motor",
            "image":"/img/standing-desk-frame.jpg","offers":{"@type":"Offer","price":"459.00","priceCurrency":"EUR"}}</script>
            </head><body><h1>Standing Desk Frame, Dual Motor</h1><p class="price">459,00 €</p><ul class="also-bought">

            """
        var number = 0
        while html.utf8.count < bytes {
            number += 1
            html += "<li class=\"tile\"><a href=\"/p/accessory-\(number)\">"
            html += "<img src=\"/img/accessory-\(number).jpg\" loading=\"lazy\" alt=\"\">"
            html += "Desk accessory no. \(number)</a><span class=\"price\">\(number % 90 + 10),00 €</span></li>\n"
        }
        html += "</ul></body></html>\n"
        let path = "/generated/standing-desk-frame"
        answers[path] = Answer(status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
        pages.append(
            Page(
                file: "(generated, \(html.utf8.count / 1000) kB)", path: path, shape: "a page of about 2.5 MB, product data at the start",
                title: "Standing Desk Frame, Dual Motor", price: 459, currency: "EUR", image: "/img/standing-desk-frame.jpg",
                blocked: false, needsBrowser: false))
    }

    /// The answer at `path` with `{{origin}}` replaced, or `nil` when there is none.
    func answer(at path: String, origin: String) -> Answer? {
        guard var answer = answers[path] else { return nil }
        answer.body = Self.replacingPlaceholder(in: answer.body, with: Array(origin.utf8))
        return answer
    }

    private static func replacingPlaceholder(in body: [UInt8], with origin: [UInt8]) -> [UInt8] {
        let marker = originPlaceholder
        guard let first = marker.first else { return body }
        var result: [UInt8] = []
        result.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            if body[index] == first, index + marker.count <= body.count, body[index..<(index + marker.count)].elementsEqual(marker) {
                result += origin
                index += marker.count
            } else {
                result.append(body[index])
                index += 1
            }
        }
        return result
    }
}

extension ResolveCorpus.Page {
    /// What `outcome` got wrong compared with this page's expected answer; empty when right.
    func differences(from outcome: ItemResolution) -> [String] {
        switch outcome {
        case .failed(let code):
            if blocked { return code == "BLOCKED_OR_UNAVAILABLE" ? [] : ["failed with \(code), not BLOCKED_OR_UNAVAILABLE"] }
            return ["failed with \(code)"]
        case .resolved(let page, let imageBase64):
            if blocked { return ["resolved (title \(Self.quoted(page.title))) instead of failing with BLOCKED_OR_UNAVAILABLE"] }
            var differences: [String] = []
            let trimmed = page.title?.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed != title?.trimmingCharacters(in: .whitespacesAndNewlines) {
                differences.append("title \(Self.quoted(trimmed)), expected \(Self.quoted(title))")
            }
            let priceMatches =
                switch (page.price, price) {
                case (nil, nil): true
                case (let got?, let expected?): abs(got - expected) < ResolveCorpus.priceTolerance
                default: false
                }
            if !priceMatches || page.currency != currency {
                differences.append("price \(Self.money(page.price, page.currency)), expected \(Self.money(price, currency))")
            }
            let gotImage = page.imageURL.flatMap(Self.pathAndQuery)
            if gotImage != image {
                differences.append("image \(gotImage ?? "none"), expected \(image ?? "none")")
            } else if image != nil, imageBase64 == nil {
                differences.append("image \(image ?? "") was not downloaded")
            }
            return differences
        }
    }

    private static func pathAndQuery(_ url: String) -> String? {
        guard let components = URLComponents(string: url) else { return nil }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "\"\($0.count > 100 ? String($0.prefix(99)) + "…" : $0)\"" } ?? "none"
    }

    private static func money(_ amount: Double?, _ currency: String?) -> String {
        guard let amount else { return currency.map { "none (\($0))" } ?? "none" }
        return String(format: "%.2f", amount) + " " + (currency ?? "(no currency)")
    }
}
