import ArgumentParser
import Foundation
import HearthCore
import HearthOutbound
import HearthServer
import NIOPosix
import WishWithMeServer

struct WishResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Try a shop link: print what item resolution would store for it.",
        discussion: """
            Runs the server's own lookup on this machine, with the same settings: the page's \
            structured data; the page rendered in headless Chromium when that leaves the title \
            or price out (behind the outbound proxy; skipped without Chromium or with \
            --no-browser); a language model when HEARTH_WWM_LLM_BASE_URL is set. Private \
            addresses are refused unless HEARTH_OUTBOUND_ALLOW_HOSTS lists them. Nothing is \
            stored and no server is needed.

              hearth wish resolve https://shop.example/products/kettle
              hearth wish resolve https://shop.example/products/kettle --json
            """)

    @Argument(help: "The shop link.") var url: String
    @Flag(help: "Do not render the page in a browser.") var noBrowser = false
    @Flag(help: "Print the fields as JSON.") var json = false

    func run() async throws {
        do {
            let environment = ProcessInfo.processInfo.environment
            let configuration = try ServerConfiguration.resolve(ServerConfiguration.Overrides(), environment: environment)
            let settings = try WishWithMeSettings.fromEnvironment(environment)
            var policy = OutboundPolicy()
            policy.allowedPrivateHosts = Set(configuration.outboundAllowHosts)
            let logger = LogOutput.start(level: .warning)
            let browser = ProductPageBrowser(logger: logger)
            let useBrowser = !noBrowser && browser.isAvailable
            let lookup = ProductLookup(
                fetcher: OutboundFetcher(policy: policy, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, threadPool: .singleton),
                browser: useBrowser ? browser : nil, model: settings.llm.map { ProductModelClient(settings: $0, logger: logger) },
                logger: logger)
            let started = ContinuousClock.now
            let outcome: ItemResolution
            do throws(OutboundError) {
                outcome = try await lookup.resolve(url)
            } catch {
                outcome = .failed(code: error.code)
            }
            let elapsed = ContinuousClock.now - started
            await browser.shutdown()
            print(Self.render(outcome.storedFields, json: json, elapsed: elapsed, usedBrowser: useBrowser))
            if case .failed = outcome { throw ExitCode(3) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure.exit(error, context: "cannot resolve")
        }
    }

    static func render(_ fields: [String: JSONValue], json: Bool, elapsed: Duration, usedBrowser: Bool) -> String {
        var shown = fields
        if let image = shown["image_base64"]?.stringValue { shown["image_base64"] = .string("\(image.prefix(40))… (\(image.utf8.count) bytes)") }
        if json { return JSONValue.object(shown).serializedString() }
        var lines = shown.keys.sorted().map { key in "\(key.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Self.text(shown[key] ?? .null))" }
        lines.append("(\(String(format: "%.2f", elapsed.seconds)) s\(usedBrowser ? "" : ", without a browser"))")
        return lines.joined(separator: "\n")
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.serializedString()
    }
}
