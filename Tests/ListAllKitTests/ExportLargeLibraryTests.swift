import Foundation
import ListAllKit
import Testing

/// A large library exports completely and correctly. The exporter writes bytes directly (no
/// per-item Foundation formatter); its speed is measured outside the tests, which never
/// assert on the wall clock.
struct ExportLargeLibraryTests {
    static let itemCount = 10_000

    static var largeLibrary: ListAllLibrary {
        let base = FixtureF.date("2025-01-01T00:00:00Z")
        var items: [ListItem] = []
        for index in 0..<itemCount {
            let description: String? = index % 3 == 0 ? nil : "Line one\nline two / \(index)"
            let created = base.addingTimeInterval(Double(index) * 61.25)
            let modified = base.addingTimeInterval(Double(index) * 97)
            items.append(
                ListItem(
                    title: "Item \(index), \"quoted\"", itemDescription: description, quantity: index % 5, orderNumber: index,
                    isCrossedOut: index % 2 == 0, createdAt: created, modifiedAt: modified))
        }
        return ListAllLibrary(lists: [ItemList(name: "Big", createdAt: base, items: items)])
    }

    @Test func tenThousandItemsExportInEveryFormat() {
        let library = Self.largeLibrary
        let exporter = ListAllExporter(now: FixtureF.now, humanDate: HumanDateFormat { MachineDate.format($0) })
        let json = exporter.json(library, options: .default)
        let csv = exporter.csv(library, options: .default)
        let text = exporter.plainText(library, options: .default)
        #expect(json.components(separatedBy: "\"title\" : ").count == Self.itemCount + 1)
        #expect(csv.components(separatedBy: ",No,").count + csv.components(separatedBy: ",Yes,").count == Self.itemCount + 2)
        #expect(csv.hasSuffix("\"Item 9999, \"\"quoted\"\"\",,4,No,2025-01-08T02:07:18Z,2025-01-12T05:25:03Z,9999\n"))
        #expect(text.contains("\n\(Self.itemCount). [ ] Item \(Self.itemCount - 1), \"quoted\" (×4)\n   Created: 2025-01-08T02:07:18Z\n\n\n"))
        #expect(text.contains("\n9999. [✓] Item 9998, \"quoted\" (×3)\n   Line one\n   line two / 9998\n   Created: "))
    }
}
