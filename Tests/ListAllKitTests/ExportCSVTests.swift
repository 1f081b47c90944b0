import Foundation
import ListAllKit
import Testing

/// The CSV export of spec §2.3 (T-E07…T-E10).
struct ExportCSVTests {
    static let exporter = ListAllExporter(now: FixtureF.now, humanDate: FixtureF.humanDate)
    static let header = "List Name,Item Title,Description,Quantity,Crossed Out,Created Date,Modified Date,Order\n"
    static let milkRow = "Groceries,Milk,2% low fat,2,No,2025-01-15T10:31:00Z,2025-01-15T10:32:00Z,0\n"
    static let breadRow = "Groceries,Bread,,1,Yes,2025-01-15T10:33:00Z,2025-01-15T10:34:00Z,1\n"
    static let emptyRow = "Empty,,,,,2025-01-14T08:00:00Z,2025-01-14T09:00:00Z,1\n"

    /// One list holding one item with the given texts and I1's dates.
    static func library(listName: String, title: String, description: String?, quantity: Int = 3) -> ListAllLibrary {
        var item = FixtureF.milk
        item.title = title
        item.itemDescription = description
        item.quantity = quantity
        return ListAllLibrary(lists: [ItemList(name: listName, createdAt: FixtureF.now, items: [item])])
    }

    @Test func csvExportOfFixtureIsByteExact() {
        let csv = Self.exporter.csv(FixtureF.library, options: .default)
        #expect(csv == Self.header + Self.milkRow + Self.breadRow + Self.emptyRow)
    }

    @Test func csvMinimalDropsCrossedOutButKeepsEveryColumn() {
        #expect(Self.exporter.csv(FixtureF.library, options: .minimal) == Self.header + Self.milkRow + Self.emptyRow)
    }

    @Test func csvWritesAListRowWhenEveryItemIsFilteredOut() {
        var groceries = FixtureF.groceries
        groceries.items = [FixtureF.bread]
        let csv = Self.exporter.csv(ListAllLibrary(lists: [groceries]), options: .minimal)
        #expect(csv == Self.header + "Groceries,,,,,2025-01-15T10:30:00Z,2025-01-15T10:30:00Z,0\n")
    }

    @Test func csvQuotesFieldsWithCommaQuoteOrLineFeed() {
        let library = Self.library(listName: #"Say "hi", all"#, title: "a,b", description: "line1\nline2")
        let csv = Self.exporter.csv(library, options: .default)
        #expect(csv == Self.header + "\"Say \"\"hi\"\", all\",\"a,b\",\"line1\nline2\",3,No,2025-01-15T10:31:00Z,2025-01-15T10:32:00Z,0\n")
    }

    @Test func csvLeavesLoneCarriageReturnUnquotedButQuotesCRLF() {
        let loneCR = Self.exporter.csv(Self.library(listName: "L", title: "a\rb", description: "c\r\nd"), options: .default)
        #expect(loneCR == Self.header + "L,a\rb,\"c\r\nd\",3,No,2025-01-15T10:31:00Z,2025-01-15T10:32:00Z,0\n")
    }

    @Test func csvOfEmptyStoreIsTheHeaderOnly() {
        #expect(Self.exporter.csv(ListAllLibrary(), options: .default) == Self.header)
    }

    @Test func csvHonoursTheArchivedFilter() {
        let archived = ItemList(name: "Old", orderNumber: 5, createdAt: FixtureF.now, isArchived: true)
        let library = ListAllLibrary(lists: [archived] + FixtureF.library.lists)
        #expect(Self.exporter.csv(library, options: .default) == Self.header + Self.milkRow + Self.breadRow + Self.emptyRow)
        var options = ExportOptions.default
        options.includeArchivedLists = true
        let csv = Self.exporter.csv(library, options: options)
        #expect(csv.hasSuffix(Self.emptyRow + "Old,,,,,2025-01-16T08:00:00Z,2025-01-16T08:00:00Z,5\n"))
    }
}
