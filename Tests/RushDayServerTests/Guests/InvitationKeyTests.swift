import Foundation
import GRPCCore
import HearthServer
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// The guest link's code and its keys (spec §4.5.2): its exact shape, rotation, and one
/// key ring shared by every process on a database.
@Suite struct InvitationKeyTests {
    @Test func aCodeIs34BytesOfVersionKeyIDUUIDAndTag() throws {
        let key = testKey(7, "k")
        let id = UUID()
        let code = InvitationCode.encode(invitationID: id, key: key)
        #expect(code.count == 46)
        let padded = code.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=="
        let bytes = try #require(Data(base64Encoded: padded)).map { $0 }
        #expect(bytes.count == 34)
        #expect(bytes[0] == 0x01)
        #expect(bytes[1] == 7)
        #expect(UUID(uuidString: id.uuidString).map { InvitationCode.signedBytes(keyID: 7, invitationID: $0) } == Array(bytes[0..<18]))
        let parsed = try InvitationCode.parse(code)
        #expect(parsed.invitationID == id)
        #expect(InvitationCode.isGenuine(parsed, ring: InvitationKeyRing(current: key, others: [])))
        #expect(!InvitationCode.isGenuine(parsed, ring: InvitationKeyRing(current: testKey(7, "x"), others: [])))
        #expect(!InvitationCode.isGenuine(parsed, ring: InvitationKeyRing(current: testKey(8, "k"), others: [])))
    }

    @Test func malformedCodesAreInvalid() {
        let good = InvitationCode.encode(invitationID: UUID(), key: testKey(1, "k"))
        var wrongVersion = Array(InvitationCode.signedBytes(keyID: 1, invitationID: UUID()))
        wrongVersion[0] = 2
        let badVersion = InvitationCode.base64URL(wrongVersion + Array(repeating: 0, count: 16))
        for code in ["", "%%%", String(good.dropLast()), good + "A", badVersion, String(good.dropLast()) + "/"] {
            #expect(throws: RPCError.self) { try InvitationCode.parse(code) }
        }
    }

    @Test func configuredKeysAreParsedFirstCurrentAndRefusedWhenWeak() throws {
        let secretA = String(repeating: "a", count: 32)
        let secretB = String(repeating: "b", count: 40)
        let settings = try RushDaySettings.fromEnvironment(["HEARTH_RD_INVITATION_KEYS": "2:\(secretB), 1:\(secretA)", "HEARTH_RD_PUBLIC_RATE_LIMIT": "0"])
        #expect(settings.invitationKeys.map(\.id) == [2, 1])
        #expect(settings.invitationKeys.first?.secret == Array(secretB.utf8))
        #expect(settings.publicRequestsPerMinute == 0)
        #expect(try RushDaySettings.fromEnvironment([:]).publicRequestsPerMinute == 60)
        for bad in ["1:short", "x:\(secretA)", "256:\(secretA)", "1:\(secretA),1:\(secretB)", secretA] {
            #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_INVITATION_KEYS": bad]) }
        }
        #expect(throws: ConfigurationError.self) { try RushDaySettings.fromEnvironment(["HEARTH_RD_PUBLIC_RATE_LIMIT": "-1"]) }
    }

    @Test(arguments: TestEngine.available)
    func aLinkSignedBeforeARotationStillOpensAndARetiredKeysLinkDoesNot(engine: TestEngine) async throws {
        let old = testKey(1, "o")
        let new = testKey(2, "n")
        try await RushDayHarness.run(engine, settings: guestSettings(keys: [old])) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            #expect(try InvitationCode.parse(link.encodedData).keyID == 1)
            try await rd.secondInstance(settings: guestSettings(keys: [new, old])) { rotated in
                let page = try await rotated.rushDayPage("/g/" + link.encodedData)
                #expect(page.status == 200)
                #expect(page.text.contains("Bob Guest"))
            }
            try await rd.secondInstance(settings: guestSettings(keys: [new])) { retired in
                let page = try await retired.rushDayPage("/g/" + link.encodedData)
                #expect(page.status == 404)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func invitingAgainAfterAKeyIsRetiredSignsTheSameInvitationWithTheCurrentKey(engine: TestEngine) async throws {
        let old = testKey(1, "o")
        let new = testKey(2, "n")
        try await RushDayHarness.run(engine, settings: guestSettings(keys: [old])) { rd in
            let (_, guest, link) = try await rd.invitedGuest()
            let token = try await rd.token(.ann)
            try await rd.secondInstanceEvents(settings: guestSettings(keys: [new])) { events, server in
                var request = Rushday_V1_CreateGuestInvitationRequest()
                request.guestID = guest.id
                request.eventID = guest.eventID
                let again = try await events.createGuestInvitation(request, metadata: ["authorization": "Bearer \(token)"])
                #expect(again.id == link.id)
                #expect(again.encodedData != link.encodedData)
                #expect(try InvitationCode.parse(again.encodedData).keyID == 2)
                var open = Rushday_V1_GetPublicGuestInvitationRequest()
                open.encodedData = again.encodedData
                #expect(try await events.getPublicGuestInvitation(open).guestName == "Bob Guest")
                open.encodedData = link.encodedData
                #expect(await rpcCode { _ = try await events.getPublicGuestInvitation(open) } == .notFound)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aGeneratedKeyIsMadeOnceAndSharedByEveryProcessOnTheDatabase(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine, settings: guestSettings()) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            #expect(try InvitationCode.parse(link.encodedData).keyID == InvitationKeys.generatedKeyID)
            try await rd.secondInstance(settings: guestSettings()) { other in
                let page = try await other.rushDayPage("/g/" + link.encodedData)
                #expect(page.status == 200)
                #expect(page.text.contains("Mia&#39;s 30th") || page.text.contains("Mia's 30th"))
            }
            // Configuring keys later keeps links signed with the generated key working.
            try await rd.secondInstance(settings: guestSettings(keys: [testKey(5, "c")])) { configured in
                let page = try await configured.rushDayPage("/g/" + link.encodedData)
                #expect(page.status == 200)
            }
            let stored = try await rd.database.read { sql in
                try await sql.queryFirst("SELECT COUNT(*) AS n FROM hearth_server_keys WHERE name = ?", [.text(InvitationKeys.generatedKeyName)])?.int("n")
            }
            #expect(stored == 1)
        }
    }
}
