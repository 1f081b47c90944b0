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
            if result.queued { await output.syncAfterWrite(client) }
            try output.result(
                "Checked out 1x \(result.productName); \(result.remaining) left in that item.",
                json: ["product": .string(result.productName), "remaining": .int(Int64(result.remaining)), "queued": .bool(result.queued)])
        }
    }
}
