import Foundation
import ListAllKit
import Testing

struct ImportZZProbe {
    @Test func probe() throws {
        let items = (0..<10000).map { ImportFixtures.item("Item \($0)", description: "d \($0)", quantity: "\($0 % 50)", order: $0) }
        let json = Data(ImportFixtures.document([ImportFixtures.list("Big", items: items)]).utf8)
        let importer = ImportFixtures.importer()
        let clock = ContinuousClock()
        var first: ImportOutcome?
        let t1 = clock.measure { first = try? importer.importData(json, into: ListAllLibrary()) { _ in } }
        let lib = try #require(first).library
        let t2 = clock.measure { _ = try? importer.importData(json, into: lib) { _ in } }
        let t3 = clock.measure { _ = try? importer.previewImport(json, into: lib) }
        print("PROBE create \(t1) merge \(t2) preview \(t3)")
    }
}
