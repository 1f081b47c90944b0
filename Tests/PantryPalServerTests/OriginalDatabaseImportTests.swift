import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTesting
import PantryPalServer
import Testing

/// `hearth pantry import-sqlite`: the original PantryPal server's SQLite database brought
/// into Hearth, then used through the original app's API.
@Suite struct OriginalDatabaseImportTests {
    typealias Original = OriginalPantryPalData

    @Test(arguments: TestEngine.available)
    func importedMembersSignInWithTheirOldPasswordAndSeeExactlyTheirHousehold(engine: TestEngine) async throws {
        try await withImported(engine: engine) { pantry, report in
            #expect(report.refused.isEmpty, "\(report.refused)")
            #expect(try await pantry.call(nil, .POST, "/api/auth/login", ["email": .string(Original.alice.email), "password": "wrong password"]).status == 401)
            let alice = try await pantry.login(Original.alice.email, Original.alice.password)
            #expect(alice.id == Original.alice.id && alice.householdID == Original.smiths)
            let me = try await pantry.call(alice, .GET, "/api/auth/me").json
            #expect(me["household"]?["name"] == "Smith Household")
            #expect(me["household"]?["isPremium"] == true)
            let members = try await pantry.call(alice, .GET, "/api/household/members").json["members"]?.arrayValue ?? []
            #expect(members.map { $0["id"] } == [.string(Original.alice.id), .string(Original.bob.id)])
            #expect(members.map { $0["isOwner"] } == [true, false])
            let invites = try await pantry.call(alice, .GET, "/api/household/invites").json["invites"]?.arrayValue ?? []
            #expect(invites.map { $0["code"] } == [.string(Original.inviteCode)], "the open invite; the used one is not offered")

            let inventory = try await pantry.call(alice, .GET, "/api/inventory").json.arrayValue ?? []
            #expect(Set(inventory.compactMap { $0["id"]?.stringValue }) == [Original.milkItem, Original.jamItem])
            let milk = try #require(inventory.first { $0["id"] == .string(Original.milkItem) })
            #expect(milk["quantity"] == 2 && milk["expiration_date"] == "2030-05-01" && milk["notes"] == "organic")
            #expect(milk["product_name"] == "Milk" && milk["location_name"] == "Fridge" && milk["product_id"] == .string(Original.milk))
            let places = try await pantry.call(alice, .GET, "/api/locations/flat").json.arrayValue ?? []
            #expect(Set(places.compactMap { $0["fullPath"]?.stringValue }) == ["Kitchen", "Kitchen \u{2192} Fridge", "Pantry"])
            let products = try await pantry.call(alice, .GET, "/api/products").json.arrayValue ?? []
            #expect(Set(products.compactMap { $0["id"]?.stringValue }) == [Original.milk, Original.jam], "global and own, not Carol's")
            let grocery = try await pantry.call(alice, .GET, "/api/grocery").json.arrayValue ?? []
            #expect(Set(grocery.map { $0["id"] }) == [1, 2], "integer ids kept")
            #expect(Set(grocery.compactMap { $0["name"]?.stringValue }) == ["Eggs", "Whole  Milk"])
            let history = try await pantry.call(alice, .GET, "/api/checkout/history").json["history"]?.arrayValue ?? []
            #expect(history.map { $0["product_name"] } == ["Jam", "Milk"], "newest first")
            #expect(history.map { $0["user_name"] } == ["Alice Smith", "Bob Smith"])

            let bob = try await pantry.login("bob.smith@example.com", Original.bob.password)
            #expect(bob.householdID == Original.smiths)
            let preferences = try await pantry.call(bob, .GET, "/api/notifications/preferences").json
            #expect(preferences["expirationDaysBefore"] == 5 && preferences["checkoutEnabled"] == false)
            let carol = try await pantry.login(Original.carol.email, Original.carol.password)
            let carolsStock = try await pantry.call(carol, .GET, "/api/inventory").json.arrayValue ?? []
            #expect(carolsStock.compactMap { $0["id"]?.stringValue } == [Original.salsaItem])
            #expect(try await pantry.call(carol, .GET, "/api/grocery").json.arrayValue?.map { $0["name"] } == ["Chips"])
            #expect(try await pantry.call(carol, .GET, "/api/products/\(Original.jam)").status == 404)
            let apple = try await pantry.column("apple_id", of: "pp_users", id: Original.carol.id)
            #expect(apple == .text(Original.carolAppleSubject), "Apple-linked users keep their Apple subject")
        }
    }

    @Test(arguments: TestEngine.available)
    func anImportedBcryptHashIsReplacedByHearthsOwnAtFirstSignIn(engine: TestEngine) async throws {
        try await withImported(engine: engine) { pantry, _ in
            let before = try await pantry.column("password_hash", of: "pp_users", id: Original.alice.id)
            #expect(before.textValue?.hasPrefix("$2") == true, "imported as the original stored it")
            _ = try await pantry.login(Original.alice.email, Original.alice.password)
            let after = try await pantry.column("password_hash", of: "pp_users", id: Original.alice.id)
            #expect(after.textValue?.hasPrefix("sha256+") == true)
            _ = try await pantry.login(Original.alice.email, Original.alice.password)
            #expect(try await pantry.call(nil, .POST, "/api/auth/login", ["email": .string(Original.alice.email), "password": "nope nope"]).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func runningTheImportAgainChangesNothing(engine: TestEngine) async throws {
        try await withImported(engine: engine) { pantry, first in
            let before = try await pantry.snapshot()
            let second = try await pantry.importOriginal(first.source)
            #expect(second.changedNothing)
            for kind in PantryImportKind.allCases {
                let tally = second.tally(kind)
                #expect(tally.imported == 0 && tally.alreadyPresent == first.tally(kind).total, "\(kind.label)")
            }
            #expect(first.tally(.inventory).imported == 3 && first.tally(.users).imported == 3 && first.tally(.grocery).imported == 3)
            #expect(try await pantry.snapshot() == before)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDryRunReportsWhatItWouldImportAndChangesNothing(engine: TestEngine) async throws {
        let fixture = try OriginalPantryPalFixture.make(Original.standard)
        defer { fixture.remove() }
        try await PantryServer.run(engine: engine) { pantry in
            let before = try await pantry.snapshot()
            let dryRun = try await pantry.importOriginal(fixture.path, dryRun: true)
            #expect(dryRun.dryRun && !dryRun.changedNothing)
            #expect(try await pantry.snapshot() == before)
            #expect(try await pantry.call(nil, .POST, "/api/auth/login", ["email": .string(Original.alice.email), "password": .string(Original.alice.password)]).status == 401)
            let real = try await pantry.importOriginal(fixture.path)
            for kind in PantryImportKind.allCases {
                #expect(real.tally(kind) == dryRun.tally(kind), "the dry run predicted \(kind.label)")
            }
            #expect(real.tally(.checkoutHistory).imported == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func rowsHearthsRulesRefuseAreReportedByKindAndOriginalIDAndLeftOut(engine: TestEngine) async throws {
        let fixture = try OriginalPantryPalFixture.make { db in
            try Original.standard(db)
            func item(_ id: String, quantity: (any DatabaseValueConvertible)? = 1, product: String = Original.milk, location: String = Original.fridge,
                      expires: String? = nil) throws {
                try db.insert("inventory", [
                    "id": id, "product_id": product, "household_id": Original.smiths, "location_id": location, "quantity": quantity,
                    "expiration_date": expires,
                ])
            }
            try item("i-zero", quantity: 0)
            try item("i-negative", quantity: -2)
            try item("i-fraction", quantity: 1.5)
            try item("i-date", expires: "01/05/2030")
            try item("i-ghost-product", product: "p-deleted")
            try item("i-carols-salsa", product: Original.salsa, location: Original.pantry)
            try db.insert("locations", ["id": "l-long", "household_id": Original.smiths, "name": String(repeating: "x", count: 101)])
            try item("i-in-long", location: "l-long")
            try db.insert("users", ["id": "u-alice-again", "email": "ALICE@example.com", "password_hash": "x", "created_at": "2025-02-01 00:00:00"])
            try db.insert("checkout_history", [
                "id": "c-by-refused", "product_id": Original.milk, "household_id": Original.smiths, "user_id": "u-alice-again",
                "checked_out_at": "2025-03-03T00:00:00.000Z",
            ])
            try db.insert("grocery_items", ["id": 40, "household_id": Original.smiths, "name": String(repeating: "y", count: 201), "normalized_name": "y"])
        }
        defer { fixture.remove() }
        try await PantryServer.run(engine: engine) { pantry in
            let report = try await pantry.importOriginal(fixture.path)
            let refused = Dictionary(
                report.refused.map { ("\($0.kind.label) \($0.note.originalID)", $0.note.reason) }, uniquingKeysWith: { first, _ in first })
            let expected: [String: String] = [
                "inventory i-zero": "quantity 0 is not a whole number from 1 to 100000",
                "inventory i-negative": "quantity -2 is not a whole number",
                "inventory i-fraction": "quantity 1.5 is not a whole number",
                "inventory i-date": "expiration_date '01/05/2030' is not a date written YYYY-MM-DD",
                "inventory i-ghost-product": "product_id p-deleted refers to a product that does not exist",
                "inventory i-carols-salsa": "is a custom product of another household",
                "locations l-long": "name is 101 characters long; Hearth allows at most 100",
                "inventory i-in-long": "location_id l-long refers to a location that is refused",
                "users u-alice-again": "already used by account \(Original.alice.id)",
                "checkout history c-by-refused": "user_id u-alice-again refers to a user that is refused",
                "grocery 40": "name is 201 characters long; Hearth allows at most 200",
            ]
            #expect(Set(refused.keys) == Set(expected.keys))
            for (row, reason) in expected { #expect(refused[row]?.contains(reason) == true, "\(row): \(refused[row] ?? "not refused")") }
            #expect(report.tally(.inventory).imported == 3, "the valid rows still come in")
            let alice = try await pantry.login(Original.alice.email, Original.alice.password)
            let stock = try await pantry.call(alice, .GET, "/api/inventory").json.arrayValue ?? []
            #expect(Set(stock.compactMap { $0["id"]?.stringValue }) == [Original.milkItem, Original.jamItem])
            #expect(try await pantry.call(alice, .GET, "/api/checkout/history").json["pagination"]?["total"] == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func anOwnerWhoLeftHandsTheHouseholdToItsEarliestRemainingMember(engine: TestEngine) async throws {
        let fixture = try OriginalPantryPalFixture.make { db in
            try Original.standard(db)
            // Gina made "Old Flat", Hank joined it, then Gina moved to the Smiths.
            try db.insert("users", [
                "id": "u-gina", "email": "gina@example.com", "password_hash": OriginalPantryPalFixture.bcrypt("gina's password"),
                "household_id": Original.smiths, "created_at": "2025-01-05 00:00:00",
            ])
            try db.insert("users", [
                "id": "u-hank", "email": "hank@example.com", "password_hash": OriginalPantryPalFixture.bcrypt("hank's password"),
                "household_id": "h-old-flat", "created_at": "2025-01-06 00:00:00",
            ])
            try db.insert("households", ["id": "h-old-flat", "name": "Old Flat", "owner_id": "u-gina"])
        }
        defer { fixture.remove() }
        try await PantryServer.run(engine: engine) { pantry in
            let report = try await pantry.importOriginal(fixture.path)
            let note = report.adjusted.first { $0.kind == .households && $0.note.originalID == "h-old-flat" }?.note.reason
            #expect(note == "owner u-gina is not a member of it; ownership passes to u-hank, its earliest member")
            let hank = try await pantry.login("hank@example.com", "hank's password")
            let members = try await pantry.call(hank, .GET, "/api/household/members").json["members"]?.arrayValue ?? []
            #expect(members.map { $0["id"] } == ["u-hank"] && members.map { $0["isOwner"] } == [true])
        }
    }

    @Test(arguments: TestEngine.available)
    func aUPCOrGroceryIdHearthAlreadyUsesIsMatchedNotDuplicated(engine: TestEngine) async throws {
        let fixture = try OriginalPantryPalFixture.make(Original.standard)
        defer { fixture.remove() }
        try await PantryServer.run(engine: engine) { pantry in
            // Hearth looked the milk's UPC up itself, and gave grocery id 1 to someone else.
            try await pantry.database.transaction { executor in
                try await executor.execute(
                    """
                    INSERT INTO pp_products (id, upc, name, is_custom, household_id, created_at, updated_at)
                    VALUES ('hearth-milk', '0123456789012', 'Milk (Open Food Facts)', 0, NULL, '2025-06-01 00:00:00', '2025-06-01 00:00:00')
                    """)
                try await executor.execute(
                    "INSERT INTO pp_grocery_items (id, household_id, name, normalized_name, created_at) VALUES (1, 'elsewhere', 'Tea', 'tea', 'x')")
            }
            let report = try await pantry.importOriginal(fixture.path)
            #expect(report.refused.isEmpty, "\(report.refused)")
            let notes = Dictionary(
                report.adjusted.map { ("\($0.kind.label) \($0.note.originalID)", $0.note.reason) }, uniquingKeysWith: { first, _ in first })
            #expect(notes["products \(Original.milk)"]?.contains("already in Hearth's catalogue as product hearth-milk") == true)
            #expect(notes["grocery 1"] == "id 1 is taken by another grocery item; imported as 4")
            let alice = try await pantry.login(Original.alice.email, Original.alice.password)
            let stock = try await pantry.call(alice, .GET, "/api/inventory").json.arrayValue ?? []
            #expect(stock.first { $0["id"] == .string(Original.milkItem) }?["product_id"] == "hearth-milk")
            let history = try await pantry.call(alice, .GET, "/api/checkout/history").json["history"]?.arrayValue ?? []
            #expect(history.map { $0["product_id"] } == [.string(Original.jam), "hearth-milk"])
            let grocery = try await pantry.call(alice, .GET, "/api/grocery").json.arrayValue ?? []
            #expect(Set(grocery.map { $0["id"] }) == [4, 2])
            let again = try await pantry.importOriginal(fixture.path)
            #expect(again.changedNothing && again.tally(.grocery).alreadyPresent == 3 && again.tally(.products).alreadyPresent == 3)
        }
    }

    @Test(arguments: TestEngine.available)
    func anOriginalSyncCursorStillReceivesTheChangesOfItsSecond(engine: TestEngine) async throws {
        try await withImported(engine: engine) { pantry, _ in
            let alice = try await pantry.login(Original.alice.email, Original.alice.password)
            // The original handed out second-precision cursors: a device at 08:00:05 may not
            // have seen the change logged in that second.
            let borderline = try await pantry.call(alice, .GET, "/api/sync/changes?since=2025-03-01T08:00:05.000Z").json
            #expect(borderline["changes"]?.arrayValue?.map { $0["action"] } == ["update"])
            #expect(borderline["changes"]?[0]?["server_ts"] == "2025-03-01T08:00:05.999Z")
            let all = try await pantry.call(alice, .GET, "/api/sync/changes?cursor=0").json["changes"]?.arrayValue ?? []
            #expect(all.map { $0["seq"] } == [1, 2] && all.map { $0["action"] } == ["create", "update"])
            #expect(all.first?["payload"] == .string(#"{"productId":"\#(Original.milk)","quantity":3}"#), "payloads as the original logged them")
            try await pantry.expect(pantry.stock(alice, product: Original.jam, at: Original.kitchen), 201)
            let next = try await pantry.call(alice, .GET, "/api/sync/changes?cursor=2").json["changes"]?.arrayValue ?? []
            #expect(next.map { $0["seq"] } == [3], "new changes continue the imported sequence")
        }
    }

    @Test(arguments: TestEngine.available)
    func rowsAddedAfterTheImportDoNotCollideWithImportedIds(engine: TestEngine) async throws {
        try await withImported(engine: engine) { pantry, _ in
            let alice = try await pantry.login(Original.alice.email, Original.alice.password)
            let added = try await pantry.expect(pantry.call(alice, .POST, "/api/grocery", ["name": "Butter"]), 201)
            #expect((added.json["id"]?.intValue ?? 0) > 3, "after the imported grocery ids 1…3")
            let duplicate = try await pantry.call(alice, .POST, "/api/grocery", ["name": "  eggs "])
            #expect(duplicate.status == 200 && duplicate.json["id"] == 1, "the imported item is found by its normalized name")
        }
    }

    @Test(arguments: TestEngine.available)
    func aFileThatIsNotAnOriginalPantryPalDatabaseIsRefusedWithAClearMessage(engine: TestEngine) async throws {
        let text = try OriginalPantryPalFixture.make()
        defer { text.remove() }
        try FileManager.default.removeItem(atPath: text.path)
        try "name,quantity\nmilk,2\n".write(toFile: text.path, atomically: true, encoding: .utf8)
        let other = try OriginalPantryPalFixture.make(schema: ["CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"])
        defer { other.remove() }
        let partial = try OriginalPantryPalFixture.make(schema: OriginalPantryPalFixture.schema.map {
            $0.replacingOccurrences(of: "location_id TEXT REFERENCES locations(id), quantity INTEGER DEFAULT 1,", with: "location_id TEXT,")
        })
        defer { partial.remove() }
        let cases = [
            (text.path, "is not an SQLite database"), (other.path, "has none of PantryPal's tables"),
            (partial.path, "table inventory lacks quantity"), (text.directory + "/missing.db", "no such file"),
        ]
        try await PantryServer.run(engine: engine) { pantry in
            let before = try await pantry.snapshot()
            for (path, message) in cases {
                do {
                    _ = try await pantry.importOriginal(path)
                    Issue.record("\(path) was imported")
                } catch let error as OriginalPantryPalFileError {
                    #expect(error.description.contains(message) && error.description.contains(path), "\(error.description)")
                }
            }
            #expect(try await pantry.snapshot() == before)
        }
    }

    @Test func theCommandRefusesAWrongFileAndImportsARightOneTwiceWithTheSameOutcome() async throws {
        let fixture = try OriginalPantryPalFixture.make(Original.standard)
        defer { fixture.remove() }
        let dataDirectory = fixture.directory + "/hearth-data"
        func hearth(_ arguments: String...) async throws -> HearthBinary.Run {
            try await HearthBinary.run(
                ["pantry", "import-sqlite"] + arguments + ["--data-dir", dataDirectory], environment: [:], directory: fixture.directory)
        }
        let wrong = try await hearth(fixture.directory + "/nothing.db")
        #expect(wrong.status != 0 && wrong.errors.contains("nothing.db: no such file"))
        let dryRun = try await hearth(fixture.path, "--dry-run")
        #expect(dryRun.status == 0 && dryRun.output.contains("nothing was changed"), "\(dryRun.errors)")
        let first = try await hearth(fixture.path)
        #expect(first.status == 0 && first.output.contains("inventory") && first.errors.contains("Importing: 26/26 (100%)"), "\(first.errors)")
        let second = try await hearth(fixture.path)
        #expect(second.output.contains("Everything was already here; nothing changed."), "\(second.output)")
    }

    /// Builds the standard original database, imports it into a fresh server and runs `body`.
    private func withImported(engine: TestEngine, _ body: @Sendable (PantryServer, PantryImportReport) async throws -> Void) async throws {
        let fixture = try OriginalPantryPalFixture.make(Original.standard)
        defer { fixture.remove() }
        try await PantryServer.run(engine: engine) { pantry in
            try await body(pantry, try await pantry.importOriginal(fixture.path))
        }
    }
}

extension PantryServer {
    var database: any HearthDatabase { server.platform.database }

    func importOriginal(_ path: String, dryRun: Bool = false) async throws -> PantryImportReport {
        try await OriginalPantryPalImport(file: path, into: database).run(dryRun: dryRun)
    }

    func login(_ email: String, _ password: String) async throws -> Member {
        let response = try await expect(call(nil, .POST, "/api/auth/login", ["email": .string(email), "password": .string(password)]), 200)
        guard let id = response.json["user"]?["id"]?.stringValue, let token = response.json["token"]?.stringValue else {
            throw Unexpected(response)
        }
        return Member(id: id, email: email, token: token, householdID: response.json["user"]?["householdId"]?.stringValue)
    }

    func column(_ column: String, of table: String, id: String) async throws -> SQLValue {
        try await database.read { executor in try await executor.queryFirst("SELECT \(column) FROM \(table) WHERE id = ?", [.text(id)])?[column] } ?? .null
    }

    /// Every row of every PantryPal table, in a stable order.
    func snapshot() async throws -> [String: [SQLRow]] {
        let tables = [
            "pp_users", "pp_households", "pp_sessions", "pp_locations", "pp_products", "pp_inventory", "pp_checkout_history",
            "pp_sync_log", "pp_invite_codes", "pp_grocery_items", "pp_device_tokens", "pp_notification_preferences",
        ]
        return try await database.read { executor in
            var rows: [String: [SQLRow]] = [:]
            for table in tables { rows[table] = try await executor.query("SELECT * FROM \(table) ORDER BY 1", []) }
            return rows
        }
    }
}

extension SQLValue {
    var textValue: String? { if case .text(let text) = self { text } else { nil } }
}
