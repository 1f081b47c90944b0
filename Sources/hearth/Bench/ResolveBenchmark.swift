import Foundation
import HearthCore
import HearthOutbound
import WishWithMeServer

/// The measurements behind `hearth bench resolve`: every corpus page resolved by the
/// server's own ``ProductLookup`` from a loopback shop, `runs` times, one page at a time.
struct ResolveBenchmark {
    /// A page that was not resolved to its expected answer in every run.
    struct Miss: Encodable {
        var file: String
        var shape: String?
        var needsBrowser: Bool
        /// What differed, in the first run that got the page wrong.
        var differences: [String]
        var wrongRuns: Int
        var knownGap: String?
    }

    struct Result: Encodable {
        var corpus: String
        var pages: Int
        var runs: Int
        var browser: Bool
        var correct: Int
        var pagesNeedingBrowser: Int
        var correctNeedingBrowser: Int
        /// Whether the first run was left out of the timings.
        var warmUpExcluded: Bool
        var resolutions: Int
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        var maxMilliseconds: Double
        var needingBrowserP50Milliseconds: Double
        var needingBrowserP99Milliseconds: Double
        var otherP50Milliseconds: Double
        var otherP99Milliseconds: Double
        var misses: [Miss]

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        var table: String {
            let engine = browser ? "rendering in headless Chromium when needed" : "raw HTML only (no browser)"
            var table = BenchTable(title: "Item resolution of \(pages) pages in \(corpus), \(engine), \(runs) run\(runs == 1 ? "" : "s")")
            table.add("resolved correctly", "\(correct)/\(pages) (\(Self.percent(correct, of: pages)))")
            table.add("  of them needing a browser", "\(correctNeedingBrowser)/\(pagesNeedingBrowser)")
            let timed = warmUpExcluded ? "\(resolutions) resolutions, run 1 left out as warm-up" : "\(resolutions) resolutions"
            table.add("time p50 / p99 / max", Self.ms(p50Milliseconds, p99Milliseconds, maxMilliseconds) + " (\(timed))")
            table.add("  pages needing a browser p50 / p99", Self.ms(needingBrowserP50Milliseconds, needingBrowserP99Milliseconds))
            table.add("  other pages p50 / p99", Self.ms(otherP50Milliseconds, otherP99Milliseconds))
            var lines = [table.rendered]
            if !misses.isEmpty {
                lines.append("Misses (page: what differed):")
                for miss in misses {
                    var notes: [String] = []
                    if miss.wrongRuns < runs { notes.append("wrong in \(miss.wrongRuns) of \(runs) runs") }
                    if miss.needsBrowser, !browser { notes.append("needs a browser") }
                    if miss.knownGap != nil { notes.append("known gap") }
                    let suffix = notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]"
                    lines.append("  \(miss.file): \(miss.differences.joined(separator: "; "))\(suffix)")
                }
            }
            return lines.joined(separator: "\n")
        }

        private static func percent(_ part: Int, of whole: Int) -> String {
            whole == 0 ? "–" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
        }

        private static func ms(_ values: Double...) -> String {
            values.map { $0 < 10 ? String(format: "%.1f ms", $0) : String(format: "%.0f ms", $0) }.joined(separator: " / ")
        }
    }

    let corpus: ResolveCorpus
    let lookup: ProductLookup
    let origin: String
    let runs: Int
    let usesBrowser: Bool

    func run() async -> Result {
        let pages = corpus.pages
        var misses: [Int: Miss] = [:]
        var browserPages = LatencySamples()
        var otherPages = LatencySamples()
        var progress = Progress(label: "resolving", total: runs * pages.count)
        for run in 0..<runs {
            for (index, page) in pages.enumerated() {
                let started = ContinuousClock.now
                let outcome = await resolve(origin + page.path)
                let elapsed = ContinuousClock.now - started
                if run > 0 || runs == 1 {
                    if page.needsBrowser { browserPages.add(elapsed) } else { otherPages.add(elapsed) }
                }
                let differences = page.differences(from: outcome)
                if !differences.isEmpty {
                    var miss =
                        misses[index]
                        ?? Miss(
                            file: page.file, shape: page.shape, needsBrowser: page.needsBrowser, differences: differences, wrongRuns: 0,
                            knownGap: page.knownGap)
                    miss.wrongRuns += 1
                    misses[index] = miss
                }
                progress.update(run * pages.count + index + 1)
            }
        }
        var all = browserPages
        all.add(contentsOf: otherPages)
        let needingBrowser = pages.indices.filter { pages[$0].needsBrowser }
        return Result(
            corpus: corpus.directory, pages: pages.count, runs: runs, browser: usesBrowser,
            correct: pages.count - misses.count, pagesNeedingBrowser: needingBrowser.count,
            correctNeedingBrowser: needingBrowser.filter { misses[$0] == nil }.count,
            warmUpExcluded: runs > 1, resolutions: all.count,
            p50Milliseconds: all.percentile(0.5), p99Milliseconds: all.percentile(0.99), maxMilliseconds: all.maximum,
            needingBrowserP50Milliseconds: browserPages.percentile(0.5), needingBrowserP99Milliseconds: browserPages.percentile(0.99),
            otherP50Milliseconds: otherPages.percentile(0.5), otherP99Milliseconds: otherPages.percentile(0.99),
            misses: misses.keys.sorted().compactMap { misses[$0] })
    }

    /// The outcome the resolution job would store: fetch errors become their codes.
    private func resolve(_ url: String) async -> ItemResolution {
        do throws(OutboundError) {
            return try await lookup.resolve(url)
        } catch {
            return .failed(code: error.code)
        }
    }
}
