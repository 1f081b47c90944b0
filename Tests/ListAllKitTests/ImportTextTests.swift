import Foundation
import ListAllKit
import Testing

/// Spec §3.3–3.4: the structured and simple text parsers with Hearth's [fixed] rules
/// (T-I15…T-I22, T-I26, §10.8) and the text strategies (T-I25).
struct ImportTextTests {
    let importer = ImportFixtures.importer()

    static let exportHeader =
        "ListAll Export\n" + String(repeating: "=", count: 51) + "\nExported: D\n"
        + String(repeating: "=", count: 52) + "\n\n"

    /// T-E11 restricted to Groceries.
    static let groceriesText =
        exportHeader + "Groceries\n---------\n\n1. [ ] Milk (×2)\n   2% low fat\n\n2. [✓] Bread\n\n\n"

    func parse(_ text: String) throws -> [ImportedList] {
        try importer.parsePlainText(text).lists
    }

    func summary(_ lists: [ImportedList]) -> [String] {
        lists.map { list in
            list.name + ": " + list.items.map { "\($0.title)\($0.isCrossedOut ? "✓" : "")" }.joined(separator: ", ")
        }
    }

    @Test func structuredParseReadsTheExportedList() throws {
        let lists = try parse(Self.groceriesText)
        #expect(lists.count == 1)
        let list = try #require(lists.first)
        #expect(list.name == "Groceries" && list.orderNumber == 0 && !list.isArchived)
        #expect(list.createdAt == FixtureF.now && list.modifiedAt == FixtureF.now)
        #expect(list.items.map(\.title) == ["Milk", "Bread"])
        #expect(list.items.map(\.quantity) == [2, 1])
        #expect(list.items.map(\.description) == ["2% low fat", ""])
        #expect(list.items.map(\.isCrossedOut) == [false, true])
        #expect(list.items.map(\.orderNumber) == [0, 1])
        #expect(Set(list.items.map(\.id) + [list.id]).count == 3)
        #expect(!list.items.map(\.id).contains(FixtureF.milkID))
    }

    @Test func structuredParseKeepsTheLastItemOfEveryList() throws {
        let lists = try parse("A\n-\n1. [ ] a1\n\n2. [ ] a2\n\nB\n-\n1. [x] b1\n")
        #expect(summary(lists) == ["A: a1, a2", "B: b1✓"])
        #expect(lists.map(\.orderNumber) == [0, 1])
        #expect(lists[0].items.map(\.orderNumber) == [0, 1])
    }

    @Test func listLevelCreatedLineIsNotAList() throws {
        let text =
            Self.exportHeader
            + "Groceries\n---------\nCreated: D\n\n1. [ ] Milk (×2)\n   2% low fat\n   Created: D\n\n2. [✓] Bread\n   Created: D\n\n\n"
        let lists = try parse(text)
        #expect(summary(lists) == ["Groceries: Milk, Bread✓"])
        #expect(lists.first?.items.first?.description == "2% low fat")
    }

    @Test func structuredQuantities() throws {
        let text =
            "L\n1. [ ] a (×2) (×2)\n2. [ ] b (×0)\n3. [ ] c(×5)\n4. [ ] d (x5)\n5. [ ] e (×99999999999999999999)\n6. [ ] (×3)"
        let items = try #require(try parse(text).first?.items)
        #expect(items.map(\.title) == ["a", "b", "c", "d (x5)", "e", ""])
        #expect(items.map(\.quantity) == [2, 0, 5, 1, 1, 3])
        #expect(throws: ImportError.validationFailed("Item title cannot be empty in list 'L'")) {
            try importer.importFromPlainText(text, into: ListAllLibrary())
        }
    }

    @Test func quantityAboveTheCapFailsValidationFromText() {
        #expect(throws: ImportError.validationFailed("Item quantity cannot exceed 9999 in list 'L'")) {
            try importer.importFromPlainText("L\n1. [ ] a (×10000)", into: ListAllLibrary())
        }
    }

    @Test func uppercaseXIsNotAnItemAndOrphansJoinTheFirstList() throws {
        #expect(summary(try parse("Shopping\n1. [X] Upper\n2. [ ] ok")) == ["Shopping: ", "1. [X] Upper: ok"])
        let orphan = try parse("1. [ ] Orphan\nList A\n1. [x] A1")
        #expect(summary(orphan) == ["List A: Orphan, A1✓"])
        #expect(orphan.first?.items.map(\.orderNumber) == [0, 1])
        #expect(try parse("2.[ ]A2\n").isEmpty)
        #expect(StructuredTextParserCases.matches("2.[ ]A2"))
    }

    @Test func sharedListTextReimportsAsOneList() throws {
        let shared =
            "Groceries\n=========\n\n1. [ ] Milk (×2)\n   2% low fat\n\n2. [✓] Bread\n\n---\nShared from ListAll\n"
        let outcome = try importer.importData(Data(shared.utf8), into: ListAllLibrary())
        let lists = outcome.library.lists
        #expect(lists.map(\.name) == ["Groceries"])
        let items = try #require(lists.first?.items)
        #expect(items.map(\.title) == ["Milk", "Bread"])
        #expect(items.map(\.quantity) == [2, 1])
        #expect(items.map(\.itemDescription) == ["2% low fat", nil])
        #expect(items.map(\.isCrossedOut) == [false, true])
        #expect(summary(try parse("Ab\n==\n1. [ ] x\n")) == ["Ab: x"])
    }

    @Test func indentedContinuationLinesJoinTheDescription() throws {
        let text =
            "Notes\n-----\n\n1. [ ] Recipe\n   first line\n   second line\n   Created: D\n     third, deeper\n\n2. [ ] Next\n\ttabbed\n"
        let lists = try parse(text)
        let items = try #require(lists.first?.items)
        #expect(items.first?.description == "first line\nsecond line\nthird, deeper")
        // A tab-indented line is not a continuation: it starts a list.
        #expect(summary(lists) == ["Notes: Recipe, Next", "tabbed: "])
        let outcome = try importer.importFromPlainText(text, into: ListAllLibrary())
        #expect(outcome.library.lists.first?.items.first?.itemDescription == "first line\nsecond line\nthird, deeper")
    }

    @Test func simpleParserReadsBulletsQuantitiesAndDescriptions() throws {
        let text = [
            "Groceries", "• Milk (2)", "  whole", "  organic", "- Bread", "* Eggs (12)", "✓ Butter", "✓Jam", "[ ] Tea",
            "[x] Coffee", "[X] Sugar", "[✓] Salt", "•Apples", "OTHER", "-NoSpace", "[]Rice",
        ].joined(separator: "\n")
        let list = try #require(try parse(text).first)
        #expect(list.name == "Groceries" && list.orderNumber == 0)
        #expect(
            list.items.map(\.title)
                == ["Milk", "Bread", "Eggs", "Butter", "Jam", "Tea", "Coffee", "Sugar", "Salt", "Apples", "Rice"])
        #expect(list.items.map(\.orderNumber) == Array(0...10))
        #expect(list.items.map(\.quantity) == [2, 1, 12, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(
            list.items.map(\.isCrossedOut) == [false, false, false, true, true, false, true, true, true, false, false])
        #expect(list.items[0].description == "whole\norganic")
        #expect(list.items[9].description == "-NoSpace")
        #expect(list.items.dropFirst().dropLast(2).allSatisfy { $0.description.isEmpty })
    }

    @Test func simpleParserFallbacks() throws {
        let list = try #require(try parse("• Milk\n• Bread").first)
        #expect(list.name == "Imported List")
        #expect(list.items.map(\.title) == ["Milk", "Bread"])
        #expect(list.items.map(\.orderNumber) == [0, 1])
        #expect(throws: ImportError.validationFailed("No valid items found in text")) {
            try importer.importFromPlainText("Milk\nBread", into: ListAllLibrary())
        }
        #expect(throws: ImportError.self) { try importer.previewImport("", into: ListAllLibrary()) }
    }

    @Test func simpleQuantities() throws {
        let items = try #require(try parse("- Box (3) of (4) nails (3)\n- Pack(6)\n- A (0)\n- B (007)").first?.items)
        #expect(items.map(\.title) == ["Box of (4) nails", "Pack", "A", "B"])
        #expect(items.map(\.quantity) == [3, 6, 0, 7])
    }

    @Test func plainTextMergeHonoursTheStrategy() throws {
        let milk = ListItem(title: "Milk", createdAt: FixtureF.now)
        let store = ListAllLibrary(lists: [ItemList(name: "Groceries", createdAt: FixtureF.now, items: [milk])])
        let text = "Groceries\n• Milk (3)"
        let merged = try importer.importFromPlainText(text, into: store)
        #expect(merged.result.listsUpdated == 1 && merged.result.itemsUpdated == 1 && merged.result.listsCreated == 0)
        #expect(merged.library.lists.first?.items.first?.quantity == 3)
        #expect(merged.library.lists.first?.items.first?.id == milk.id)
        let preview = try importer.previewImport(text, into: store)
        #expect(preview.listsToUpdate == 1 && preview.itemsToUpdate == 1 && preview.listsToCreate == 0)
        let appended = try importer.importFromPlainText(text, into: store, options: .append)
        #expect(appended.result.listsCreated == 1 && appended.result.itemsCreated == 1)
        #expect(appended.library.lists.count == 2)
        let replaced = try importer.importData(Data(text.utf8), into: store, options: .replace)
        #expect(replaced.library.lists.count == 1 && replaced.library.lists.first?.id != store.lists[0].id)
    }

    @Test func textWithoutHeaderImportsNothing() throws {
        let outcome = try importer.importFromPlainText("1. [ ] lonely", into: FixtureF.library)
        #expect(outcome.result.totalChanges == 0 && outcome.result.wasSuccessful)
        #expect(outcome.library == FixtureF.library)
    }
}

/// The item-line pattern seen from outside, through the parser choice.
enum StructuredTextParserCases {
    static func matches(_ line: String) -> Bool {
        // A structured document gets a header first, so an item line shows up as an item.
        let lists = (try? ImportFixtures.importer().parsePlainText("H\n" + line).lists) ?? []
        return lists.first?.items.isEmpty == false
    }
}
