import Foundation
import HearthCore
import HearthTesting
import Testing

/// The server's rules for pushed ListAll documents (spec §1.3, §1.6, §1.7; §10.16), over
/// real HTTP on both engines.
@Suite struct ListAllSyncRuleTests {
    @Test(arguments: TestEngine.available)
    func idsBelongToTheirOwnerSoTwoAccountsKeepTheSameIDApart(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let ann = try await server.register("ann@example.com")
            let bob = try await server.register("bob@example.com")
            let listID = "11111111-1111-1111-1111-111111111111"
            let first = try await server.push(ann, [ListAllDocs.put("lists", listID, ListAllDocs.list("Ann's"))])
            #expect(first[0]["status"] == "applied")
            #expect(first[0]["id"] == .string(listID))
            let second = try await server.push(bob, [ListAllDocs.put("lists", listID, ListAllDocs.list("Bob's"))])
            #expect(second[0]["status"] == "applied", "the same id in another account is another document")
            #expect(second[0]["version"] == 1, "and nothing about Ann's version leaks")

            #expect(try await server.documents(ann, "lists")[listID]?["name"] == "Ann's")
            #expect(try await server.documents(bob, "lists")[listID]?["name"] == "Bob's")

            let delete = try await server.push(bob, [ListAllDocs.delete("lists", listID, base: 1)])
            #expect(delete[0]["status"] == "applied")
            #expect(try await server.documents(ann, "lists")[listID]?["name"] == "Ann's", "Bob's delete never touches Ann's list")
        }
    }

    @Test(arguments: TestEngine.available)
    func invalidDocumentsAreRejectedAloneWithAClearMessage(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("checks@example.com")
            let listID = ListAllDocs.id()
            var longTitle = ListAllDocs.item(list: listID)
            longTitle["title"] = .string(String(repeating: "x", count: 201))
            var negative = ListAllDocs.item(list: listID)
            negative["quantity"] = -1
            var tooMany = ListAllDocs.item(list: listID)
            tooMany["quantity"] = 10_000
            var longDescription = ListAllDocs.item(list: listID)
            longDescription["description"] = .string(String(repeating: "d", count: 50_001))
            var fraction = ListAllDocs.item(list: listID)
            fraction["quantity"] = .double(2.5)
            let hundredEmoji = String(repeating: "👨‍👩‍👧", count: 100)
            let mutations = [
                ListAllDocs.put("lists", listID, ListAllDocs.list(hundredEmoji)),
                ListAllDocs.put("lists", ListAllDocs.id(), ListAllDocs.list("   ")),
                ListAllDocs.put("lists", ListAllDocs.id(), ListAllDocs.list(String(repeating: "n", count: 101))),
                ListAllDocs.put("lists", "not-a-uuid", ListAllDocs.list()),
                ListAllDocs.put("lists", ListAllDocs.id().lowercased(), ListAllDocs.list()),
                ListAllDocs.put("items", ListAllDocs.id(), longTitle),
                ListAllDocs.put("items", ListAllDocs.id(), negative),
                ListAllDocs.put("items", ListAllDocs.id(), tooMany),
                ListAllDocs.put("items", ListAllDocs.id(), longDescription),
                ListAllDocs.put("items", ListAllDocs.id(), fraction),
                ListAllDocs.put("items", ListAllDocs.id(), ListAllDocs.item("Zero", list: listID, quantity: 0)),
            ]
            let results = try await server.push(user, mutations)
            #expect(results.map(\.["status"]) == ["applied"] + Array(repeating: "rejected", count: 9) + ["applied"])
            let messages = results.compactMap { $0["message"]?.stringValue }
            #expect(messages.contains("List name cannot be empty"))
            #expect(messages.contains("List name must be 100 characters or less"))
            #expect(messages.contains("Item title must be 200 characters or less"))
            #expect(messages.contains("Item description must be 50,000 characters or less"))
            #expect(results[3]["code"] == "INVALID_ID" && results[4]["code"] == "INVALID_ID")
            #expect(try await server.documents(user, "lists").count == 1)
            #expect(try await server.documents(user, "items").count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func anItemNeedsOneOfTheCallersOwnLiveLists(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let ann = try await server.register("ann@example.com")
            let eve = try await server.register("eve@example.com")
            let annList = ListAllDocs.id()
            _ = try await server.push(ann, [ListAllDocs.put("lists", annList, ListAllDocs.list())])
            let intruder = try await server.push(eve, [ListAllDocs.put("items", ListAllDocs.id(), ListAllDocs.item(list: annList))])
            #expect(intruder[0]["status"] == "rejected")
            #expect(intruder[0]["code"] == "PARENT_NOT_FOUND")
            let imageless = try await server.push(ann, [ListAllDocs.put("images", ListAllDocs.id(), ListAllDocs.image(item: ListAllDocs.id()))])
            #expect(imageless[0]["code"] == "PARENT_NOT_FOUND")
            #expect(try await server.documents(ann, "items").isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func anItemHoldsAtMostTenImagesOfAtMostFiveMebibytes(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("pics@example.com")
            let (listID, itemID) = (ListAllDocs.id(), ListAllDocs.id())
            _ = try await server.push(
                user, [ListAllDocs.put("lists", listID, ListAllDocs.list()), ListAllDocs.put("items", itemID, ListAllDocs.item(list: listID))])
            let imageIDs = (0..<11).map { _ in ListAllDocs.id() }
            let results = try await server.push(
                user, imageIDs.enumerated().map { index, id in ListAllDocs.put("images", id, ListAllDocs.image(item: itemID, order: Int64(index))) })
            #expect(results.prefix(10).allSatisfy { $0["status"] == "applied" })
            #expect(results[10]["code"] == "TOO_MANY_IMAGES")
            // Re-saving one of the ten is not an eleventh.
            let resave = try await server.push(user, [ListAllDocs.put("images", imageIDs[0], ListAllDocs.image(item: itemID, order: 5), base: 1)])
            #expect(resave[0]["status"] == "applied")

            let (otherItem, bigImage) = (ListAllDocs.id(), ListAllDocs.id())
            _ = try await server.push(user, [ListAllDocs.put("items", otherItem, ListAllDocs.item(list: listID))])
            let tooBig = try await server.push(
                user, [ListAllDocs.put("images", bigImage, ListAllDocs.image(item: otherItem, bytes: Data(count: 5 * 1024 * 1024 + 1)))])
            #expect(tooBig[0]["message"] == "Image size must be 5MB or less")
            let largest = try await server.push(
                user, [ListAllDocs.put("images", bigImage, ListAllDocs.image(item: otherItem, bytes: Data(count: 5 * 1024 * 1024)))])
            #expect(largest[0]["status"] == "applied", "exactly 5 MiB fits, through the push limit too")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingAListDeletesItsItemsAndTheirImagesAsTombstones(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("cascade@example.com")
            let (listID, keptList, itemID, keptItem, imageID) = (ListAllDocs.id(), ListAllDocs.id(), ListAllDocs.id(), ListAllDocs.id(), ListAllDocs.id())
            _ = try await server.push(
                user,
                [
                    ListAllDocs.put("lists", listID, ListAllDocs.list("Doomed")),
                    ListAllDocs.put("lists", keptList, ListAllDocs.list("Kept")),
                    ListAllDocs.put("items", itemID, ListAllDocs.item(list: listID)),
                    ListAllDocs.put("items", keptItem, ListAllDocs.item(list: keptList)),
                    ListAllDocs.put("images", imageID, ListAllDocs.image(item: itemID)),
                ])
            let delete = try await server.push(user, [ListAllDocs.delete("lists", listID, base: 1)])
            #expect(delete[0]["status"] == "applied")
            let changes = try await server.changes(user)
            func deleted(_ id: String) -> Bool? { changes.first { $0["id"] == .string(id) }?["doc"]?["deleted"]?.boolValue }
            #expect(deleted(listID) == true)
            #expect(deleted(itemID) == true, "the item's deletion syncs to every device")
            #expect(deleted(imageID) == true)
            #expect(deleted(keptList) == false && deleted(keptItem) == false)

            let late = try await server.push(user, [ListAllDocs.put("items", ListAllDocs.id(), ListAllDocs.item(list: listID))])
            #expect(late[0]["code"] == "PARENT_NOT_FOUND", "an offline device cannot add to the deleted list")
            let revived = try await server.push(user, [ListAllDocs.put("lists", listID, ListAllDocs.list("Back"), base: 2)])
            #expect(revived[0]["status"] == "applied", "a list put again with its id (replace import) comes back")
        }
    }

    @Test(arguments: TestEngine.available)
    func preferencesAreOneDocumentPerPerson(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("prefs@example.com")
            let preferences: JSONValue = [
                "showCrossedOutItems": true,
                "exportPreferences": ["defaultSortOption": "Title", "defaultSortDirection": "Descending", "defaultFilterOption": "All Items"],
            ]
            let results = try await server.push(
                user,
                [
                    ListAllDocs.put("preferences", "preferences", preferences),
                    ListAllDocs.put("preferences", ListAllDocs.id(), preferences),
                    ListAllDocs.put("preferences", "preferences", ["showCrossedOutItems": "yes"], base: 1),
                ])
            #expect(results.map(\.["status"]) == ["applied", "rejected", "rejected"])
            #expect(try await server.documents(user, "preferences")["preferences"] == preferences)
        }
    }
}
