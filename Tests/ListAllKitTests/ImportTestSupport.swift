import Foundation
import ListAllKit

/// Inputs shared by the import tests: the literal T-E01 export of fixture F and helpers.
enum ImportFixtures {
    /// Spec §8 T-E01, byte for byte.
    static let exportF = SpecTexts.exportOfFixtureF

    static let date = "2025-01-15T10:30:00Z"

    static func importer() -> ListAllImporter {
        ListAllImporter(now: FixtureF.now, makeID: IDSequence().next)
    }

    /// A document with the given lists (each a JSON object text).
    static func document(_ lists: [String], version: String = "1.0") -> String {
        "{\"exportDate\":\"\(date)\",\"version\":\"\(version)\",\"lists\":[\(lists.joined(separator: ","))]}"
    }

    static func list(
        _ name: String, id: UUID = UUID(), archived: Bool = false, order: Int = 0, items: [String] = []
    ) -> String {
        """
        {"id":"\(id.uuidString)","name":\(quoted(name)),"orderNumber":\(order),"isArchived":\(archived),\
        "createdAt":"\(date)","modifiedAt":"\(date)","items":[\(items.joined(separator: ","))]}
        """
    }

    static func item(
        _ title: String, id: UUID = UUID(), description: String = "", quantity: String = "1", order: Int = 0,
        crossed: Bool = false, images: [String] = []
    ) -> String {
        """
        {"id":"\(id.uuidString)","title":\(quoted(title)),"description":\(quoted(description)),\
        "quantity":\(quantity),"orderNumber":\(order),"isCrossedOut":\(crossed),\
        "createdAt":"\(date)","modifiedAt":"\(date)","images":[\(images.joined(separator: ","))]}
        """
    }

    static func image(_ id: UUID, data: String, order: Int = 0, createdAt: String = date) -> String {
        "{\"id\":\"\(id.uuidString)\",\"imageData\":\(quoted(data)),\"orderNumber\":\(order),\"createdAt\":\"\(createdAt)\"}"
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func uuid(_ n: Int) -> UUID {
        FixtureF.uuid(String(format: "AAAAAAAA-0000-0000-0000-%012d", n))
    }
}

/// Deterministic ids for `makeID`: 00000000-0000-0000-0000-000000000001, …2, …
final class IDSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var counter = 0

    func next() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return FixtureF.uuid(String(format: "00000000-0000-0000-0000-%012d", counter))
    }
}

extension ListAllLibrary {
    func named(_ name: String) -> [ItemList] { lists.filter { $0.name == name } }
}
