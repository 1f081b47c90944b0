import Foundation
import ListAllKit
import Testing

/// The plain-text export of spec §2.4 (T-E11…T-E14) and the indented continuation lines of
/// multi-line descriptions (§10.8).
struct ExportTextTests {
    static let exporter = ListAllExporter(now: FixtureF.now, humanDate: FixtureF.humanDate)
    static let header = "ListAll Export\n" + String(repeating: "=", count: 51) + "\nExported: D\n"
        + String(repeating: "=", count: 52) + "\n\n"

    static func options(_ change: (inout ExportOptions) -> Void) -> ExportOptions {
        var options = ExportOptions.default
        change(&options)
        return options
    }

    static func text(of lists: [ItemList], options: ExportOptions) -> String {
        exporter.plainText(ListAllLibrary(lists: lists), options: options)
    }

    /// The export after the header; records a failure if the header is wrong.
    static func body(of lists: [ItemList], options: ExportOptions) -> String {
        let text = text(of: lists, options: options)
        #expect(text.hasPrefix(header))
        return String(text.dropFirst(header.count))
    }

    @Test func textWithoutDatesIsByteExact() {
        let expected = """
            ListAll Export
            ===================================================
            Exported: D
            ====================================================

            Groceries
            ---------

            1. [ ] Milk (×2)
               2% low fat

            2. [✓] Bread


            Empty
            -----
            (No items)


            """
        let text = Self.text(of: FixtureF.library.lists, options: Self.options { $0.includeDates = false })
        #expect(text == expected)
        #expect(text.hasSuffix("Bread\n\n\nEmpty\n-----\n(No items)\n\n"))
    }

    @Test func textWithDefaultOptionsWritesCreatedLines() {
        let body = Self.body(of: [FixtureF.groceries], options: .default)
        #expect(body == "Groceries\n---------\nCreated: D\n\n1. [ ] Milk (×2)\n   2% low fat\n   Created: D\n\n2. [✓] Bread\n   Created: D\n\n\n")
    }

    @Test func textWithMinimalOptionsWritesTitlesOnly() {
        #expect(Self.body(of: [FixtureF.groceries], options: .minimal) == "Groceries\n---------\n\n1. [ ] Milk\n\n\n")
    }

    @Test func textUnderlinesByGraphemeCountAndMarksOnlyQuantitiesAboveOne() {
        let one = ListItem(title: "One", quantity: 1, orderNumber: 0, createdAt: FixtureF.now)
        let zero = ListItem(title: "Zero", quantity: 0, orderNumber: 1, createdAt: FixtureF.now)
        let lists = [
            ItemList(name: "Grüße", orderNumber: 0, createdAt: FixtureF.now, items: [one, zero]),
            ItemList(name: "👨‍👩‍👧 Family", orderNumber: 1, createdAt: FixtureF.now),
            ItemList(name: "Gru\u{308}ße", orderNumber: 2, createdAt: FixtureF.now),
            ItemList(name: "", orderNumber: 3, createdAt: FixtureF.now),
        ]
        let body = Self.body(of: lists, options: Self.options { $0.includeDates = false })
        #expect(
            body == "Grüße\n-----\n\n1. [ ] One\n\n2. [ ] Zero\n\n\n"
                + "👨‍👩‍👧 Family\n--------\n(No items)\n\n"
                + "Gru\u{308}ße\n-----\n(No items)\n\n"
                + "\n\n(No items)\n\n")
    }

    @Test func textNumbersOnlyExportedItemsFromOneInEachList() {
        var groceries = FixtureF.groceries
        var eggs = FixtureF.milk
        eggs.id = FixtureF.uuid("77777777-7777-7777-7777-777777777777")
        eggs.title = "Eggs"
        eggs.itemDescription = nil
        eggs.quantity = 12
        eggs.orderNumber = 2
        groceries.items = [eggs, FixtureF.bread, FixtureF.milk]
        let body = Self.body(of: [groceries], options: Self.options {
            $0.includeDates = false
            $0.includeCrossedOutItems = false
        })
        #expect(body == "Groceries\n---------\n\n1. [ ] Milk (×2)\n   2% low fat\n\n2. [ ] Eggs (×12)\n\n\n")
    }

    @Test func textIndentsContinuationLinesOfMultiLineDescriptions() {
        let descriptions: [(String, String)] = [
            ("line1\nline2", "   line1\n   line2\n"),
            ("a\r\nb", "   a\r\n   b\n"),
            ("a\rb\u{2028}c\u{85}d", "   a\r   b\u{2028}   c\u{85}   d\n"),
            ("a\n\nb", "   a\n   \n   b\n"),
            ("é👍 one line", "   é👍 one line\n"),
        ]
        for (description, expected) in descriptions {
            var item = FixtureF.milk
            item.itemDescription = description
            item.quantity = 1
            let list = ItemList(name: "L", createdAt: FixtureF.now, items: [item])
            let body = Self.body(of: [list], options: Self.options { $0.includeDates = false })
            #expect(body == "L\n-\n\n1. [ ] Milk\n" + expected + "\n\n")
        }
    }

    @Test func textHonoursTheArchivedFilterAndCallsTheHumanFormatterPerDate() {
        let archived = ItemList(name: "Old", orderNumber: 2, createdAt: FixtureF.date("2025-01-01T00:00:00Z"), isArchived: true)
        let exporter = ListAllExporter(now: FixtureF.now, humanDate: HumanDateFormat { MachineDate.format($0) })
        let library = ListAllLibrary(lists: FixtureF.library.lists + [archived])
        #expect(!exporter.plainText(library, options: .default).contains("Old"))
        var options = ExportOptions.default
        options.includeArchivedLists = true
        let text = exporter.plainText(library, options: options)
        #expect(text.hasPrefix("ListAll Export\n" + String(repeating: "=", count: 51) + "\nExported: 2025-01-16T08:00:00Z\n"))
        #expect(text.contains("   Created: 2025-01-15T10:33:00Z\n"))
        #expect(text.hasSuffix("Old\n---\nCreated: 2025-01-01T00:00:00Z\n(No items)\n\n"))
    }
}
