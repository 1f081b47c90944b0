import Foundation
import ListAllKit
import Testing

/// The JSON export of spec §2.2 (T-E01…T-E06), byte for byte.
struct ExportJSONTests {
    static let exporter = ListAllExporter(now: FixtureF.now, humanDate: FixtureF.humanDate)

    /// T-E01 verbatim.
    static let fixtureJSON = SpecTexts.exportOfFixtureF

    static let breadImages = #"""
        "images" : [
                    {
                      "createdAt" : "2025-01-15T10:35:00Z",
                      "id" : "44444444-4444-4444-4444-444444444444",
                      "imageData" : "\/9j\/2Q==",
                      "orderNumber" : 0
                    }
                  ],
        """#

    static let breadObject = #"""
        ,
                {
                  "createdAt" : "2025-01-15T10:33:00Z",
                  "description" : "",
                  "id" : "22222222-2222-2222-2222-222222222222",
        """#

    /// `text` with exactly one occurrence of `target` replaced.
    static func replacingOnce(_ text: String, _ target: String, with replacement: String) throws -> String {
        let range = try #require(text.range(of: target))
        #expect(text.range(of: target, range: range.upperBound..<text.endIndex) == nil)
        return text.replacingCharacters(in: range, with: replacement)
    }

    @Test func jsonExportOfFixtureIsByteExact() {
        let json = Self.exporter.json(FixtureF.library, options: .default)
        #expect(json == Self.fixtureJSON)
        #expect(json.utf8.last == UInt8(ascii: "}"))
        #expect(json.utf8.first == UInt8(ascii: "{"))
    }

    @Test func listsAndItemsFollowOrderNumberNotStoreOrder() {
        var groceries = FixtureF.groceries
        groceries.items.reverse()
        let library = ListAllLibrary(lists: [FixtureF.empty, groceries])
        #expect(Self.exporter.json(library, options: .default) == Self.fixtureJSON)
    }

    @Test func jsonWithoutImagesKeepsAnEmptyImagesArray() throws {
        var options = ExportOptions.default
        options.includeImages = false
        let expected = try Self.replacingOnce(Self.fixtureJSON, Self.breadImages, with: "\"images\" : [\n\n          ],")
        #expect(Self.exporter.json(FixtureF.library, options: options) == expected)
    }

    @Test func jsonWithoutCrossedOutItemsDropsBread() throws {
        var options = ExportOptions.default
        options.includeCrossedOutItems = false
        let start = try #require(Self.fixtureJSON.range(of: Self.breadObject))
        let end = try #require(Self.fixtureJSON.range(of: "\"title\" : \"Bread\"\n        }", range: start.upperBound..<Self.fixtureJSON.endIndex))
        var expected = Self.fixtureJSON
        expected.removeSubrange(start.lowerBound..<end.upperBound)
        #expect(!expected.contains("Bread"))
        #expect(Self.exporter.json(FixtureF.library, options: options) == expected)
    }

    @Test func jsonOfEmptyStoreIsRootWithEmptyLists() {
        let json = Self.exporter.json(ListAllLibrary(), options: .default)
        #expect(json == "{\n  \"exportDate\" : \"2025-01-16T08:00:00Z\",\n  \"lists\" : [\n\n  ],\n  \"version\" : \"1.0\"\n}")
    }

    @Test func jsonEscapesSlashAndQuoteAndTruncatesFractionalSeconds() {
        let list = ItemList(
            id: FixtureF.groceriesID, name: #"A/B "q""#, createdAt: FixtureF.date("2025-01-15T10:30:00.789Z"),
            modifiedAt: FixtureF.date("2025-01-15T10:30:59.999Z"))
        let json = Self.exporter.json(ListAllLibrary(lists: [list]), options: .default)
        #expect(json.contains(#""name" : "A\/B \"q\"","#))
        #expect(json.contains(#""createdAt" : "2025-01-15T10:30:00Z","#))
        #expect(json.contains(#""modifiedAt" : "2025-01-15T10:30:59Z","#))
    }

    @Test func jsonEscapesControlCharactersLikeApplesEncoder() {
        let title = "\\ \u{8}\u{C}\n\r\t\u{0}\u{1}\u{1B}\u{1F} \u{7F}\u{2028}é👨‍👩‍👧"
        let expectedValue = #""\\ \b\f\n\r\t\u0000\u0001\u001b\u001f "# + "\u{7F}\u{2028}é👨‍👩‍👧\""
        let item = ListItem(id: FixtureF.milkID, title: title, createdAt: FixtureF.now)
        let list = ItemList(id: FixtureF.groceriesID, name: "L", createdAt: FixtureF.now, items: [item])
        let json = Self.exporter.json(ListAllLibrary(lists: [list]), options: .default)
        #expect(json.contains("\"title\" : " + expectedValue + "\n"))
    }

    @Test func archivedListsAreExportedOnlyWhenAsked() {
        let archived = ItemList(
            id: FixtureF.uuid("55555555-5555-5555-5555-555555555555"), name: "Old", orderNumber: 2,
            createdAt: FixtureF.date("2025-01-10T08:00:00Z"), isArchived: true)
        let library = ListAllLibrary(lists: [FixtureF.groceries, archived, FixtureF.empty])
        #expect(Self.exporter.json(library, options: .default) == Self.fixtureJSON)

        var options = ExportOptions.default
        options.includeArchivedLists = true
        let json = Self.exporter.json(library, options: options)
        let oldObject = """
                {
                  "createdAt" : "2025-01-10T08:00:00Z",
                  "id" : "55555555-5555-5555-5555-555555555555",
                  "isArchived" : true,
                  "items" : [

                  ],
                  "modifiedAt" : "2025-01-10T08:00:00Z",
                  "name" : "Old",
                  "orderNumber" : 2
                }
              ],
            """
        #expect(json.contains("\"name\" : \"Empty\",\n      \"orderNumber\" : 1\n    },\n" + oldObject))
    }

    @Test func jsonImagesFollowTheirOrderNumberAndEncodeBase64() throws {
        let first = ItemImage(
            id: FixtureF.uuid("66666666-6666-6666-6666-666666666661"), imageData: Data([0xFB, 0xFF, 0xBF]),
            orderNumber: 1, createdAt: FixtureF.now)
        let second = ItemImage(
            id: FixtureF.uuid("66666666-6666-6666-6666-666666666662"), imageData: nil, orderNumber: 0, createdAt: FixtureF.now)
        let item = ListItem(id: FixtureF.milkID, title: "Pics", createdAt: FixtureF.now, images: [first, second])
        let list = ItemList(id: FixtureF.groceriesID, name: "L", createdAt: FixtureF.now, items: [item])
        let json = Self.exporter.json(ListAllLibrary(lists: [list]), options: .default)
        let emptyData = try #require(json.range(of: "\"imageData\" : \"\","))
        let slashData = try #require(json.range(of: #""imageData" : "+\/+\/","#))
        #expect(emptyData.lowerBound < slashData.lowerBound)
    }

    @Test func jsonImageDataMatchesFoundationBase64WithEscapedSlashes() {
        var seed: UInt32 = 12_345
        for length in 0...67 {
            let bytes = (0..<length).map { _ -> UInt8 in
                seed = seed &* 1_103_515_245 &+ 12_345
                return UInt8(truncatingIfNeeded: seed >> 16)
            }
            let data = Data(bytes + [0xFF, 0xFF, 0xFF].prefix(length % 3))
            let image = ItemImage(id: FixtureF.breadImageID, imageData: data, createdAt: FixtureF.now)
            let item = ListItem(id: FixtureF.milkID, title: "P", createdAt: FixtureF.now, images: [image])
            let list = ItemList(id: FixtureF.groceriesID, name: "L", createdAt: FixtureF.now, items: [item])
            let json = Self.exporter.json(ListAllLibrary(lists: [list]), options: .default)
            let expected = data.base64EncodedString().replacingOccurrences(of: "/", with: #"\/"#)
            #expect(json.contains("\"imageData\" : \"\(expected)\",\n"), "length \(data.count)")
        }
    }

    @Test func machineDatesMatchMachineDateFormatAcrossTheCalendar() {
        let seconds: [Double] = [
            0, -1, -86_400.5, 951_782_400, 951_868_799.999, 4_107_542_399, -62_135_596_800, 253_402_300_799.9,
            1_736_937_000.789, 1e15, -1e15,
        ]
        let lists = seconds.enumerated().map { index, value in
            ItemList(name: "L\(index)", orderNumber: index, createdAt: Date(timeIntervalSince1970: value))
        }
        let csv = Self.exporter.csv(ListAllLibrary(lists: lists), options: .default)
        let rows = csv.split(separator: "\n").dropFirst()
        #expect(rows.count == seconds.count)
        for (row, value) in zip(rows, seconds) {
            let clamped = min(max(value, -62_135_596_800), 253_402_300_799)
            let expected = MachineDate.format(Date(timeIntervalSince1970: clamped))
            #expect(row.split(separator: ",", omittingEmptySubsequences: false)[5] == Substring(expected))
        }
        #expect(csv.contains(",2000-02-29T00:00:00Z,"))
        #expect(csv.contains(",2000-02-29T23:59:59Z,"))
        #expect(csv.contains(",1969-12-31T23:59:59Z,"))
        #expect(csv.contains(",0001-01-01T00:00:00Z,"))
        #expect(csv.contains(",9999-12-31T23:59:59Z,"))
    }
}
