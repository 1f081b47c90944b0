import Foundation
import ListAllKit
import Testing

/// Spec §3.1 options and §3.7 result texts.
struct ImportResultTests {
    static func conflict() -> ConflictDetail {
        ConflictDetail(
            type: .itemModified, entityName: "Milk", entityId: FixtureF.milkID, currentValue: nil, incomingValue: nil,
            message: "m")
    }

    @Test func successMessageCountsCreatedAndUpdated() {
        let result = ImportResult(
            listsCreated: 2, listsUpdated: 1, itemsCreated: 3, itemsUpdated: 0,
            conflicts: [Self.conflict(), Self.conflict()])
        #expect(
            result.successMessage
                == "Successfully imported 2 lists and 3 items (updated 1 existing)\n2 conflicts resolved")
        #expect(result.wasSuccessful && result.hasConflicts && result.totalChanges == 6)
        #expect(
            ImportResult(listsCreated: 1, itemsCreated: 1).successMessage == "Successfully imported 1 list and 1 item")
        #expect(ImportResult().successMessage == "Successfully imported 0 lists and 0 items")
        #expect(ImportResult(listsUpdated: 1, itemsUpdated: 2).displayMessage.hasSuffix("items (updated 3 existing)"))
    }

    @Test func failureMessagesListTheErrors() {
        let result = ImportResult(errors: ["a", "b"])
        #expect(!result.wasSuccessful)
        #expect(result.displayMessage == "Import completed with errors:\na\nb")
        #expect(ImportPreview(errors: ["x"]).failureMessage == "Preview failed:\nx")
        #expect(ImportMessages.emptyInput == "Please enter JSON data to import")
    }

    @Test func previewDerivedValues() {
        let preview = ImportPreview(listsToCreate: 1, listsToUpdate: 2, itemsToCreate: 3, itemsToUpdate: 4)
        #expect(preview.totalChanges == 10 && preview.isValid && !preview.hasConflicts)
    }

    @Test func optionsDefaultToValidatedMerge() {
        #expect(ImportOptions() == ImportOptions(strategy: .merge, validateData: true))
        #expect(ImportOptions.default.strategy == .merge)
        #expect(ImportOptions.replace.validateData && ImportOptions.append.validateData)
        #expect(ImportStrategy.allCases.map(\.label) == ["Merge", "Replace All", "Append as New"])
        #expect(
            ImportStrategy.allCases.map(\.explanation) == [
                "Update existing items and add new ones", "Delete all data and import fresh",
                "Create duplicates with new IDs",
            ])
        #expect(ImportFormat(fileExtension: "JSON") == .json && ImportFormat(fileExtension: "txt") == .plainText)
        #expect(ImportFormat(fileExtension: "csv") == nil)
        #expect(ImportFormat.detect(Data([0xC3, 0x28])) == nil)
    }
}
