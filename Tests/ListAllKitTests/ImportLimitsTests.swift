import Foundation
import ListAllKit
import Testing

/// An import is held to the limits the server applies to every synced document (§10.9), so
/// nothing it brings in is refused, and undone, at the next sync.
struct ImportLimitsTests {
    static func document(listName: String = "L", title: String = "T", images: Int = 0, imageBytes: Int = 4) -> String {
        let picture = Data(repeating: 0xFF, count: imageBytes).base64EncodedString()
        let imageObjects = (0..<images).map { index in
            #"{"createdAt":"2025-01-15T10:35:00Z","id":"\#(UUID().uuidString)","imageData":"\#(picture)","orderNumber":\#(index)}"#
        }.joined(separator: ",")
        return #"""
            {"exportDate":"2025-01-16T08:00:00Z","version":"1.0","lists":[{"createdAt":"2025-01-15T10:30:00Z",
            "id":"\#(UUID().uuidString)","isArchived":false,"modifiedAt":"2025-01-15T10:30:00Z","name":"\#(listName)","orderNumber":0,
            "items":[{"createdAt":"2025-01-15T10:31:00Z","description":"","id":"\#(UUID().uuidString)","images":[\#(imageObjects)],
            "isCrossedOut":false,"modifiedAt":"2025-01-15T10:32:00Z","orderNumber":0,"quantity":1,"title":"\#(title)"}]}]}
            """#
    }

    static func failure(of json: String) -> String? {
        do {
            _ = try ListAllImporter(now: FixtureF.now).importFromJSON(json, into: ListAllLibrary())
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aListNameOver100CharactersIsRefused() {
        #expect(Self.failure(of: Self.document(listName: String(repeating: "n", count: 100))) == nil)
        #expect(
            Self.failure(of: Self.document(listName: String(repeating: "n", count: 101)))?
                .hasPrefix("Data validation failed: List name must be 100 characters or less") == true)
    }

    @Test func anItemTitleOver200CharactersIsRefused() {
        #expect(Self.failure(of: Self.document(title: String(repeating: "t", count: 200))) == nil)
        #expect(
            Self.failure(of: Self.document(title: String(repeating: "t", count: 201)))
                == "Data validation failed: Item title must be 200 characters or less in list 'L'")
    }

    @Test func anItemWithMoreThanTenPicturesIsRefused() {
        #expect(Self.failure(of: Self.document(images: 10)) == nil)
        #expect(Self.failure(of: Self.document(images: 11)) == "Data validation failed: Item 'T' has more than 10 images in list 'L'")
    }

    @Test func aPictureOverFiveMebibytesIsRefused() {
        #expect(Self.failure(of: Self.document(images: 1, imageBytes: 5 * 1024 * 1024)) == nil)
        #expect(
            Self.failure(of: Self.document(images: 1, imageBytes: 5 * 1024 * 1024 + 1))
                == "Data validation failed: Image size must be 5MB or less (item 'T' in list 'L')")
    }
}
