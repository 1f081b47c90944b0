/// Barcodes worth asking a catalogue about: 6 to 14 ASCII digits (UPC-E up to GTIN-14).
/// Anything else never reaches a URL, so a code cannot smuggle path segments or queries.
enum ProductCode {
    static let lengths = 6...14

    static func isLookupable(_ code: String) -> Bool {
        lengths.contains(code.utf8.count) && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
