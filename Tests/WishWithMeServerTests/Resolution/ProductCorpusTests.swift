import Foundation
import Testing
import WishWithMeServer

/// The product page corpus that `hearth bench resolve` measures (`Benchmarks/ProductCorpus`):
/// its manifest holds together, and every page resolves to the answer the manifest expects,
/// from the raw HTML or, for pages built by script, in headless Chromium. Pages marked
/// `known_gap` are expected to miss; when the resolver learns to read one, its test fails
/// until the marker is removed.
@Suite struct ProductCorpusTests {
    @Test func theManifestListsAtLeastThirtyPagesWhoseFilesExistEachOnItsOwnPath() throws {
        let pages = try CorpusShop.manifest().pages
        #expect(pages.count >= 30)
        let directory = CorpusShop.directory()
        var paths: Set<String> = []
        for page in pages {
            let files = [page.file] + (page.resources ?? []).map(\.file)
            for file in files {
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file) is missing")
            }
            for path in [page.path] + (page.resources ?? []).map(\.path) {
                #expect(path.hasPrefix("/"), "\(page): \(path) is not a path")
                #expect(paths.insert(path).inserted, "\(path) is served twice")
            }
        }
    }

    @Test func everyExpectedAnswerIsCoherent() throws {
        for page in try CorpusShop.manifest().pages {
            if page.blocked {
                #expect(page.title == nil && page.price == nil && page.image == nil, "\(page): a blocked page has no product")
                #expect(!page.needsBrowser, "\(page)")
            } else {
                #expect(page.title?.isEmpty == false, "\(page): a product has a title")
            }
            #expect((page.price == nil) == (page.currency == nil), "\(page): a price comes with its currency")
            #expect(page.currency.map { $0.count == 3 && $0 == $0.uppercased() } ?? true, "\(page): ISO 4217 code")
            #expect(page.knownGap?.isEmpty != true, "\(page): a known gap says why")
        }
        let pages = try CorpusShop.manifest().pages
        #expect(pages.contains(where: \.needsBrowser) && pages.contains(where: \.blocked), "both kinds are exercised below")
    }

    @Test func everyPageWithItsProductInTheHTMLResolvesToItsExpectedAnswerWithoutABrowser() async throws {
        let manifest = try CorpusShop.manifest()
        let lookup = CorpusShop.lookup()
        try await CorpusShop.run(manifest) { shop in
            for page in manifest.pages where !page.needsBrowser {
                let differences = page.differences(from: await CorpusShop.outcome(of: shop.origin + page.path, with: lookup))
                Self.check(page, differences)
            }
        }
    }

    @Test func pagesMarkedAsNeedingABrowserDoNotResolveFromTheirRawHTML() async throws {
        let manifest = try CorpusShop.manifest()
        let lookup = CorpusShop.lookup()
        try await CorpusShop.run(manifest) { shop in
            for page in manifest.pages where page.needsBrowser {
                let differences = page.differences(from: await CorpusShop.outcome(of: shop.origin + page.path, with: lookup))
                #expect(!differences.isEmpty, "\(page) resolves without a browser: it does not need one")
            }
        }
    }

    @Test func everyPageBuiltByScriptResolvesToItsExpectedAnswerInTheBrowser() async throws {
        let browser = ProductPageBrowser()
        guard browser.isAvailable else {
            // Chromium is installed here and in CI; elsewhere this test is skipped.
            print("ProductCorpusTests: Chromium is missing, the scripted pages were not rendered (skipped)")
            return
        }
        let manifest = try CorpusShop.manifest()
        let lookup = CorpusShop.lookup(browser: browser)
        do {
            try await CorpusShop.run(manifest) { shop in
                for page in manifest.pages where page.needsBrowser {
                    let differences = page.differences(from: await CorpusShop.outcome(of: shop.origin + page.path, with: lookup))
                    Self.check(page, differences)
                }
            }
        } catch {
            await browser.shutdown()
            throw error
        }
        await browser.shutdown()
    }

    /// Expects no differences, or for a page with a known gap, expects the gap.
    static func check(_ page: CorpusShop.Page, _ differences: [String]) {
        if let gap = page.knownGap {
            withKnownIssue("\(page): \(gap)") {
                #expect(differences.isEmpty, "\(page): \(differences.joined(separator: "; "))")
            }
        } else {
            #expect(differences.isEmpty, "\(page): \(differences.joined(separator: "; "))")
        }
    }
}
