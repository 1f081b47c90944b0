import ArgumentParser
import Foundation
import HearthOutbound
import NIOPosix
import WishWithMeServer

struct ResolveBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Wish With Me: how many saved shop pages item resolution reads correctly, and how fast.",
        discussion: """
            Serves a corpus of saved product pages (Benchmarks/ProductCorpus: its \
            manifest.json lists each page and the answer it should give) from a shop on \
            loopback, plus one generated page of about 2.5 MB, and resolves every page with \
            the server's own lookup: structured data first, then the page rendered in \
            headless Chromium when that leaves the title or price out (skipped with \
            --no-browser or without Chromium). No language model is asked.

            Prints the share of pages resolved to their expected answer (title, price, \
            currency, image; challenge and gone pages must fail as BLOCKED_OR_UNAVAILABLE), \
            every page that missed with what differed, and the time one resolution takes. \
            A page counts as correct only when every run got it right; the first run starts \
            the browser and is left out of the timings when there are several. Progress goes \
            to standard error.

              hearth bench resolve
              hearth bench resolve --no-browser --runs 1
              hearth bench resolve --corpus ~/my-pages --json
            """
    )

    @Option(help: ArgumentHelp("The corpus directory, with manifest.json and the pages it lists.", valueName: "dir"))
    var corpus = "Benchmarks/ProductCorpus"

    @Flag(help: "Read the raw HTML only; never render pages in headless Chromium.")
    var noBrowser = false

    @Option(help: "Passes over the corpus; with more than one, the first is a warm-up left out of the timings.")
    var runs = 3

    @Flag(help: "Print the results as JSON.")
    var json = false

    func validate() throws {
        guard (1...50).contains(runs) else { throw ValidationError("--runs takes a number between 1 and 50") }
    }

    func run() async throws {
        let logger = LogOutput.start(level: .warning)
        var loaded: ResolveCorpus
        do {
            loaded = try ResolveCorpus.load(directory: corpus)
        } catch {
            throw CommandFailure.exit(error, context: "cannot read the corpus")
        }
        loaded.addGeneratedLargePage()
        var policy = OutboundPolicy()
        policy.allowedPrivateHosts = ["127.0.0.1"]
        let browser = ProductPageBrowser(logger: logger)
        var useBrowser = !noBrowser
        if useBrowser, !browser.isAvailable {
            FileHandle.standardError.write(Data("Chromium was not found (set HEARTH_CHROMIUM); resolving without a browser.\n".utf8))
            useBrowser = false
        }
        let lookup = ProductLookup(
            fetcher: OutboundFetcher(policy: policy, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, threadPool: .singleton),
            browser: useBrowser ? browser : nil, model: nil, logger: logger)
        let (served, runs, usesBrowser) = (loaded, runs, useBrowser)
        let result: ResolveBenchmark.Result
        do {
            result = try await ResolveCorpusServer.run(served, logger: logger) { origin in
                await ResolveBenchmark(corpus: served, lookup: lookup, origin: origin, runs: runs, usesBrowser: usesBrowser).run()
            }
        } catch {
            await browser.shutdown()
            throw CommandFailure.exit(error, context: "benchmark failed")
        }
        await browser.shutdown()
        print(json ? result.json : result.table)
    }
}
