import AsyncHTTPClient
import Foundation
import HearthCore
import HearthTesting
import Testing

/// `hearth serve` as a newcomer runs it: the banner it prints once ready, and every URL on
/// it answering.
@Suite("hearth serve — the start banner")
struct ServeCommandTests {
    @Test func theBannerNamesEveryAppAndEveryURLOnItAnswers() async throws {
        let directory = NSTemporaryDirectory() + "hearth-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await HearthBinary.start(
            ["serve", "--port", "0", "--data-dir", directory + "/data"], environment: [:], directory: directory, until: "Stop with Ctrl-C.")
        do {
            try await Self.check(banner: server.output)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func check(banner: String) async throws {
        #expect(banner.components(separatedBy: "is ready").count == 2, "printed once:\n\(banner)")
        for name in ["Wish With Me", "PantryPal", "API document", "Home", "Health", "Metrics"] {
            #expect(banner.contains(name), "\(name) is missing from:\n\(banner)")
        }
        #expect(banner.contains("SQLite, ") && banner.contains("/data/hearth.sqlite"), "where the data lives:\n\(banner)")

        let urls = banner.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("http://") }
        #expect(urls.contains { $0.hasSuffix("/wishwithme") })
        #expect(urls.contains { $0.hasSuffix("/pantrypal/api") })
        let pages = urls.filter { $0.hasSuffix("/") || $0.hasSuffix("/health") || $0.hasSuffix("/metrics") || $0.hasSuffix("/openapi.json") }
        #expect(pages.count >= 5, "home, health, metrics and two API documents:\n\(banner)")
        for url in pages {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
            #expect(response.status.code == 200, "\(url) answered \(response.status.code)")
            let body = try await response.body.collect(upTo: 1 << 20)
            if url.hasSuffix("/openapi.json") {
                #expect(try JSONParser().parse(Array(body.readableBytesView))["openapi"] == "3.0.3", "\(url) is not an OpenAPI 3.0.3 document")
            }
        }
    }
}
