import Foundation
import ListAllKit
import Testing

/// Spec §3.1–3.2: JSON decoding, validation and the auto-detect fallback (T-I01…T-I04),
/// plus Hearth's decisions §10.7, §10.9, §10.10 and §10.12.
struct ImportJSONTests {
    let importer = ImportFixtures.importer()

    @Test func jsonRoundTripIntoEmptyStoreRecreatesFixture() throws {
        let outcome = try importer.importFromJSON(ImportFixtures.exportF, into: ListAllLibrary())
        let result = outcome.result
        #expect(result.listsCreated == 2)
        #expect(result.itemsCreated == 2)
        #expect(result.listsUpdated == 0 && result.itemsUpdated == 0)
        #expect(result.errors.isEmpty && result.conflicts.isEmpty)

        let lists = outcome.library.lists
        #expect(lists.map(\.id) == [FixtureF.groceriesID, FixtureF.emptyID])
        let groceries = try #require(outcome.library.list(FixtureF.groceriesID))
        #expect(groceries.createdAt == FixtureF.groceries.createdAt)
        #expect(groceries.modifiedAt == FixtureF.groceries.modifiedAt)
        #expect(groceries.items == [FixtureF.milk, FixtureF.bread])
        let bread = try #require(groceries.items.last)
        #expect(bread.itemDescription == nil)
        #expect(bread.images.map(\.id) == [FixtureF.breadImageID])
        #expect(bread.images.first?.imageData == FixtureF.breadImageBytes)
        let empty = try #require(outcome.library.list(FixtureF.emptyID))
        #expect(empty.createdAt == FixtureF.empty.createdAt && empty.modifiedAt == FixtureF.empty.modifiedAt)
        #expect(empty.items.isEmpty)
        #expect(lists.map(\.orderNumber) == [0, 1])
    }

    @Test func malformedJSONFailsDecodingButFallsBackToText() {
        #expect {
            try importer.importFromJSON("invalid json", into: ListAllLibrary())
        } throws: { error in
            guard case .decodingFailed = error as? ImportError else { return false }
            return true
        }
        #expect(throws: ImportError.validationFailed("No valid items found in text")) {
            try importer.importData(Data("invalid json".utf8), into: ListAllLibrary())
        }
    }

    @Test func nonUTF8BytesThatAreNotJSONAreAnInvalidFormat() {
        #expect(throws: ImportError.invalidFormat) {
            try importer.importData(Data([0xFF, 0xFE, 0x00, 0xC3]), into: ListAllLibrary())
        }
        #expect(throws: ImportError.invalidFormat) {
            try importer.previewImport(Data([0xC3, 0x28]), into: ListAllLibrary())
        }
    }

    @Test func unsupportedVersionFailsImportAndMarksPreviewInvalid() throws {
        let json = ImportFixtures.exportF.replacingOccurrences(
            of: "\"version\" : \"1.0\"", with: "\"version\" : \"2.0\"")
        #expect(throws: ImportError.validationFailed("Unsupported version: 2.0")) {
            try importer.importFromJSON(json, into: ListAllLibrary())
        }
        let preview = try importer.previewImport(json, into: ListAllLibrary())
        #expect(!preview.isValid)
        #expect(preview.errors == ["Data validation failed: Unsupported version: 2.0"])
        // Auto-detect falls back to text, which finds nothing (§3.1).
        #expect(throws: ImportError.validationFailed("No valid items found in text")) {
            try importer.importData(Data(json.utf8), into: ListAllLibrary())
        }
    }

    @Test(arguments: [
        (ImportFixtures.list("   "), "List name cannot be empty"),
        (
            ImportFixtures.list("Test List", items: [ImportFixtures.item("  ")]),
            "Item title cannot be empty in list 'Test List'"
        ),
        (
            ImportFixtures.list("Test List", items: [ImportFixtures.item("A", quantity: "-1")]),
            "Item quantity cannot be negative in list 'Test List'"
        ),
        (
            ImportFixtures.list("Test List", items: [ImportFixtures.item("A", quantity: "10000")]),
            "Item quantity cannot exceed 9999 in list 'Test List'"
        ),
    ])
    func validationFailuresUseTheSpecMessages(list: String, message: String) {
        #expect(throws: ImportError.validationFailed(message)) {
            try importer.importFromJSON(ImportFixtures.document([list]), into: ListAllLibrary())
        }
    }

    @Test func validationStopsAtTheFirstFailureInDocumentOrder() {
        let json = ImportFixtures.document([
            ImportFixtures.list("First", items: [ImportFixtures.item("ok"), ImportFixtures.item("A", quantity: "-2")]),
            ImportFixtures.list(" "),
        ])
        #expect(throws: ImportError.validationFailed("Item quantity cannot be negative in list 'First'")) {
            try importer.importFromJSON(json, into: ListAllLibrary())
        }
    }

    @Test func quantityZeroAndTheCapImport() throws {
        let json = ImportFixtures.document([
            ImportFixtures.list(
                "Test List",
                items: [ImportFixtures.item("Zero", quantity: "0"), ImportFixtures.item("Max", quantity: "9999")])
        ])
        let outcome = try importer.importFromJSON(json, into: ListAllLibrary())
        #expect(outcome.library.lists.first?.items.map(\.quantity) == [0, 9999])
    }

    @Test func skippingValidationImportsWhatWouldFail() throws {
        let json = ImportFixtures.document(
            [ImportFixtures.list("L", items: [ImportFixtures.item("A", quantity: "10000")])], version: "2.0")
        let outcome = try importer.importFromJSON(
            json, into: ListAllLibrary(), options: ImportOptions(strategy: .merge, validateData: false))
        #expect(outcome.library.lists.first?.items.first?.quantity == 10000)
    }

    @Test func integralNumbersOnly() throws {
        let whole = ImportFixtures.document([
            ImportFixtures.list("L", items: [ImportFixtures.item("A", quantity: "2.0")])
        ])
        #expect(
            try importer.importFromJSON(whole, into: ListAllLibrary()).library.lists.first?.items.first?.quantity == 2)
        let fraction = ImportFixtures.document([
            ImportFixtures.list("L", items: [ImportFixtures.item("A", quantity: "2.5")])
        ])
        #expect(throws: ImportError.self) { try importer.importFromJSON(fraction, into: ListAllLibrary()) }
        let text = ImportFixtures.document([
            ImportFixtures.list("L", items: [ImportFixtures.item("A", quantity: "\"2\"")])
        ])
        #expect(throws: ImportError.self) { try importer.importFromJSON(text, into: ListAllLibrary()) }
    }

    @Test(arguments: ["version", "exportDate", "lists"])
    func everyRootKeyIsRequired(_ key: String) {
        let json = ImportFixtures.exportF.replacingOccurrences(of: "\"\(key)\" :", with: "\"other\(key)\" :")
        #expect(throws: ImportError.self) { try importer.importFromJSON(json, into: ListAllLibrary()) }
    }

    @Test(arguments: ["createdAt", "description", "images", "isCrossedOut", "quantity", "title", "imageData"])
    func everyNestedKeyIsRequired(_ key: String) throws {
        let json = ImportFixtures.exportF.replacingOccurrences(of: "\"\(key)\" :", with: "\"x\(key)\" :")
        let error = #expect(throws: ImportError.self) { try importer.importFromJSON(json, into: ListAllLibrary()) }
        guard case .decodingFailed = try #require(error) else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
    }

    @Test func unknownKeysAreIgnoredAndIdsReadInAnyCase() throws {
        let json = ImportFixtures.exportF
            .replacingOccurrences(
                of: "\"version\" : \"1.0\"", with: "\"version\" : \"1.0\", \"extra\" : [1, {\"a\" : null}]"
            )
            .replacingOccurrences(
                of: "44444444-4444-4444-4444-444444444444", with: "aaaaaaaa-4444-4444-4444-44444444444b")
        let outcome = try importer.importFromJSON(json, into: ListAllLibrary())
        let image = try #require(outcome.library.item(FixtureF.breadID)?.item.images.first)
        #expect(image.id == FixtureF.uuid("AAAAAAAA-4444-4444-4444-44444444444B"))
    }

    @Test func datesWithOffsetsAndFractionalSecondsAreRead() throws {
        let json = ImportFixtures.exportF
            .replacingOccurrences(of: "\"2025-01-15T10:31:00Z\"", with: "\"2025-01-15T12:31:00.250+02:00\"")
            .replacingOccurrences(of: "\"2025-01-15T10:32:00Z\"", with: "\"2025-01-15T10:32:00.5Z\"")
        let milk = try #require(
            importer.importFromJSON(json, into: ListAllLibrary()).library.item(FixtureF.milkID)?.item)
        #expect(milk.createdAt == FixtureF.date("2025-01-15T10:31:00Z").addingTimeInterval(0.25))
        #expect(milk.modifiedAt == FixtureF.date("2025-01-15T10:32:00Z").addingTimeInterval(0.5))
        let bad = ImportFixtures.exportF.replacingOccurrences(of: "2025-01-15T10:31:00Z", with: "15.01.2025 10:31")
        #expect(throws: ImportError.self) { try importer.importFromJSON(bad, into: ListAllLibrary()) }
    }

    @Test func bareSharedListObjectIsWrappedAndImported() throws {
        let listID = ImportFixtures.uuid(1)
        let json = ImportFixtures.list("Shared", id: listID, items: [ImportFixtures.item("Tea", quantity: "3")])
        let outcome = try importer.importData(Data(json.utf8), into: FixtureF.library)
        #expect(outcome.result.listsCreated == 1 && outcome.result.itemsCreated == 1)
        let shared = try #require(outcome.library.list(listID))
        #expect(shared.name == "Shared" && shared.orderNumber == 2)
        #expect(shared.items.map(\.title) == ["Tea"])
        #expect(ImportFormat.detect(Data(json.utf8)) == .json)
        #expect(ImportFormat.detect(Data("• Tea".utf8)) == .plainText)
    }

    @Test func duplicateIdsInOneImportKeepTheFirstAndReportTheRest() throws {
        let listID = ImportFixtures.uuid(1)
        let itemID = ImportFixtures.uuid(2)
        let json = ImportFixtures.document([
            ImportFixtures.list(
                "One", id: listID,
                items: [ImportFixtures.item("First", id: itemID), ImportFixtures.item("Second", id: itemID, order: 1)]),
            ImportFixtures.list("Two", id: listID, items: [ImportFixtures.item("Lost")]),
        ])
        let outcome = try importer.importFromJSON(json, into: ListAllLibrary())
        #expect(outcome.library.lists.map(\.name) == ["One"])
        #expect(outcome.library.lists.first?.items.map(\.title) == ["First"])
        #expect(outcome.result.listsCreated == 1 && outcome.result.itemsCreated == 1)
        #expect(outcome.result.errors.count == 2)
        #expect(outcome.result.errors.first?.hasPrefix("Failed to merge list 'One': duplicate item id") == true)
        #expect(outcome.result.errors.last?.hasPrefix("Failed to merge list 'Two': duplicate list id") == true)
        #expect(!outcome.result.wasSuccessful)
        let preview = try importer.previewImport(json, into: ListAllLibrary())
        #expect(preview.errors == outcome.result.errors)
        #expect(preview.listsToCreate == 1 && preview.itemsToCreate == 1)
    }

    @Test func descriptionAboveTheCapFailsValidation() {
        let long = String(repeating: "é", count: 50_001)
        let json = ImportFixtures.document([ImportFixtures.list("L", items: [ImportFixtures.item("A", description: long)])])
        #expect(throws: ImportError.validationFailed("Item description must be 50,000 characters or less in list 'L'")) {
            try importer.importFromJSON(json, into: ListAllLibrary())
        }
        let atCap = ImportFixtures.document([
            ImportFixtures.list("L", items: [ImportFixtures.item("A", description: String(long.dropLast()))])
        ])
        #expect(throws: Never.self) { try importer.importFromJSON(atCap, into: ListAllLibrary()) }
    }

    @Test func duplicateImageIdsKeepTheFirstImage() throws {
        let imageID = ImportFixtures.uuid(3)
        let json = ImportFixtures.document([
            ImportFixtures.list(
                "L",
                items: [
                    ImportFixtures.item("A", images: [ImportFixtures.image(imageID, data: "AQ==")]),
                    ImportFixtures.item("B", order: 1, images: [ImportFixtures.image(imageID, data: "Ag==")]),
                ])
        ])
        let outcome = try importer.importFromJSON(json, into: ListAllLibrary())
        let items = try #require(outcome.library.lists.first?.items)
        #expect(items.map(\.images.count) == [1, 0])
        #expect(items.first?.images.first?.imageData == Data([1]))
        #expect(outcome.result.itemsCreated == 2)
        #expect(outcome.result.errors.count == 1)
        #expect(outcome.result.errors.first?.contains("duplicate image id \(imageID.uuidString) in item 'B'") == true)
    }

    @Test func errorDisplayTexts() {
        #expect(ImportError.invalidData.message == "The provided data is invalid or corrupted")
        #expect(ImportError.invalidFormat.message == "The file format is not supported")
        #expect(ImportError.decodingFailed("m").message == "Failed to decode data: m")
        #expect(ImportError.validationFailed("m").message == "Data validation failed: m")
        #expect(ImportError.repositoryError("m").message == "Failed to save data: m")
        #expect(ImportError.invalidFormat.localizedDescription == "The file format is not supported")
    }
}
