import ArgumentParser
import HearthCore
import PantryPalKit

struct PantryCheckoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout", abstract: "Take one of a product out of stock by its barcode (the one expiring first).",
        discussion: "Works offline for products this device knows; the checkout is sent once, however often it is retried.")

    @OptionGroup var options: PantryOptions
    @Argument(help: "The barcode digits.") var upc: String

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            let result = try await client.checkout.checkout(upc: upc)
            if result.queued { try await output.syncAfterWrite(client, for: [result.entity]) }
            let line =
                result.remaining.map { "Checked out 1x \(result.productName); \($0) left in that item." }
                ?? "Checkout of \(result.productName) saved on this device; it is sent when the server is reachable."
            try output.result(
                line,
                json: [
                    "product": .string(result.productName), "remaining": result.remaining.map { .int(Int64($0)) } ?? .null,
                    "queued": .bool(result.queued),
                ])
        }
    }
}
