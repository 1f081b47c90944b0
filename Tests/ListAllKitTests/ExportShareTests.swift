import Foundation
import ListAllKit
import Testing

/// Sharing one list or the whole store (spec §2.6, T-E15…T-E19).
struct ExportShareTests {
    static let utcPlusOne = TimeZone(secondsFromGMT: 3600) ?? .gmt
    static let share = ListShare(now: FixtureF.now, timeZone: utcPlusOne, humanDate: FixtureF.humanDate)

    static func payload(_ listID: UUID, _ format: ShareFormat, _ options: ExportOptions = .shareDefault) throws -> SharePayload {
        try share.share(listID: listID, in: FixtureF.library, format: format, options: options)
    }

    @Test func shareOptionPresetsMatchTheSpec() {
        #expect(ExportOptions.shareDefault == ExportOptions(includeDates: false))
        #expect(ExportOptions.shareDefault.includeCrossedOutItems && ExportOptions.shareDefault.includeImages)
        #expect(ExportOptions.shareMinimal == .minimal)
        #expect(ExportOptions.default == ExportOptions(
            includeCrossedOutItems: true, includeDescriptions: true, includeQuantities: true, includeDates: true,
            includeArchivedLists: false, includeImages: true))
        let minimal = ExportOptions.minimal
        #expect(![minimal.includeCrossedOutItems, minimal.includeDescriptions, minimal.includeQuantities,
                  minimal.includeDates, minimal.includeArchivedLists, minimal.includeImages].contains(true))
    }

    @Test func sharedListPlainTextSeparatesItemsAndEndsWithFooter() throws {
        let payload = try Self.payload(FixtureF.groceriesID, .plainText)
        #expect(payload == .text("Groceries\n=========\n\n1. [ ] Milk (×2)\n   2% low fat\n\n2. [✓] Bread\n\n---\nShared from ListAll\n"))
    }

    @Test func sharedEmptyListSaysNoItems() throws {
        #expect(try Self.payload(FixtureF.emptyID, .plainText) == .text("Empty\n=====\n\n(No items)\n\n---\nShared from ListAll\n"))
    }

    @Test func sharedListPlainTextWithDatesAndWithoutCrossedOut() throws {
        var options = ExportOptions.shareDefault
        options.includeDates = true
        options.includeCrossedOutItems = false
        let payload = try Self.payload(FixtureF.groceriesID, .plainText, options)
        #expect(payload == .text("Groceries\n=========\nCreated: D\n\n1. [ ] Milk (×2)\n   2% low fat\n   Created: D\n\n---\nShared from ListAll\n"))
    }

    @Test func sharedListCSVHasOnlyTheChosenColumns() throws {
        let name = "Groceries-2025-01-16-090000.csv"
        #expect(try Self.payload(FixtureF.groceriesID, .csv) == .file(
            name: name, contents: "Item,Description,Quantity,Crossed Out\nMilk,2% low fat,2,No\nBread,,1,Yes\n"))

        var options = ExportOptions.shareDefault
        options.includeDates = true
        #expect(try Self.payload(FixtureF.groceriesID, .csv, options) == .file(
            name: name,
            contents: "Item,Description,Quantity,Crossed Out,Created,Modified\n"
                + "Milk,2% low fat,2,No,2025-01-15T10:31:00Z,2025-01-15T10:32:00Z\n"
                + "Bread,,1,Yes,2025-01-15T10:33:00Z,2025-01-15T10:34:00Z\n"))

        #expect(try Self.payload(FixtureF.groceriesID, .csv, .shareMinimal) == .file(
            name: name, contents: "Item,Crossed Out\nMilk,No\n"))
    }

    @Test func sharedListJSONIsTheBareListObject() throws {
        let expected = """
            {
              "createdAt" : "2025-01-14T08:00:00Z",
              "id" : "33333333-3333-3333-3333-333333333333",
              "isArchived" : false,
              "items" : [

              ],
              "modifiedAt" : "2025-01-14T09:00:00Z",
              "name" : "Empty",
              "orderNumber" : 1
            }
            """
        #expect(try Self.payload(FixtureF.emptyID, .json) == .file(name: "Empty-2025-01-16-090000.json", contents: expected))
    }

    @Test func sharedListJSONMatchesTheListInsideTheExport() throws {
        guard case .file(_, let json) = try Self.payload(FixtureF.groceriesID, .json) else {
            Issue.record("JSON share is not a file")
            return
        }
        let reindented = json.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        #expect(ExportJSONTests.fixtureJSON.contains("\"lists\" : [\n" + reindented + ",\n"))
    }

    @Test func sharedListJSONAppliesOnlyCrossedOutAndImages() throws {
        let options = ExportOptions(
            includeCrossedOutItems: true, includeDescriptions: false, includeQuantities: false, includeDates: false,
            includeImages: false)
        guard case .file(_, let json) = try Self.payload(FixtureF.groceriesID, .json, options) else {
            Issue.record("JSON share is not a file")
            return
        }
        #expect(json.contains("\"description\" : \"2% low fat\","))
        #expect(json.contains("\"quantity\" : 2,"))
        #expect(json.contains("\"title\" : \"Bread\""))
        #expect(!json.contains("imageData"))
    }

    @Test func shareRefusesURLsInvalidListsAndMissingLists() {
        #expect(throws: ShareError.urlSharingNotSupported) { try Self.payload(FixtureF.groceriesID, .url) }
        #expect(ShareError.urlSharingNotSupported.message == "URL sharing is not supported (app is not publicly distributed)")

        let unnamed = ItemList(id: FixtureF.uuid("88888888-8888-8888-8888-888888888888"), name: "", createdAt: FixtureF.now)
        let library = ListAllLibrary(lists: [unnamed])
        #expect(throws: ShareError.invalidListData) {
            try Self.share.share(unnamed, in: library, format: .plainText)
        }
        #expect(throws: ShareError.invalidListData) {
            try Self.share.share(listID: unnamed.id, in: library, format: .csv)
        }
        #expect(ShareError.invalidListData.message == "Invalid list data")

        #expect(throws: ShareError.listNotFound) {
            try Self.share.share(FixtureF.groceries, in: ListAllLibrary(), format: .plainText)
        }
        #expect(ShareError.listNotFound.description == "List not found")
    }

    @Test func shareRereadsTheStoredList() throws {
        var stale = FixtureF.groceries
        stale.name = "Stale name"
        stale.items = []
        let payload = try Self.share.share(stale, in: FixtureF.library, format: .plainText)
        guard case .text(let text) = payload else {
            Issue.record("plain text share is not text")
            return
        }
        #expect(text.hasPrefix("Groceries\n=========\n\n1. [ ] Milk (×2)\n"))
    }

    @Test func shareOfWholeStoreUsesTheExportFormats() throws {
        let exporter = ListAllExporter(now: FixtureF.now, humanDate: FixtureF.humanDate)
        let library = FixtureF.library
        #expect(try Self.share.shareAll(library, format: .json) == .file(
            name: "ListAll-Export-2025-01-16-090000.json", contents: ExportJSONTests.fixtureJSON))
        #expect(try Self.share.shareAll(library, format: .csv) == .file(
            name: "ListAll-Export-2025-01-16-090000.csv", contents: exporter.csv(library, options: .default)))
        #expect(try Self.share.shareAll(library, format: .plainText, options: .minimal)
            == .text(exporter.plainText(library, options: .minimal)))
        #expect(throws: ShareError.urlFormatNotSupportedForAllData) { try Self.share.shareAll(library, format: .url) }
        #expect(ShareError.urlFormatNotSupportedForAllData.message == "URL format not supported for all data")
    }
}
