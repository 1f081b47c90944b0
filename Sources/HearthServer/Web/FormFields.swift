import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, as an HTML form posts them.
/// A field sent twice keeps its first value; undecodable fields are dropped.
public struct FormFields: Sendable, Hashable {
    public let values: [String: String]

    public init(_ body: String) {
        var values: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if let value, values[name] == nil { values[name] = value }
        }
        self.values = values
    }

    public subscript(name: String) -> String? { values[name] }

    static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
