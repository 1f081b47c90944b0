import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// The guest's pages over real HTTP (`/g/<encoded_data>`, `/i/<id>`), answering through
/// the same code as `RespondToGuestInvitation`, on both engines.
@Suite struct GuestPagesTests {
    @Test(arguments: TestEngine.available)
    func theInvitationPageShowsTheEventAndTheGuestButNoContactData(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            let page = try await rd.server.rushDayPage("/g/" + link.encodedData)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            let html = page.text
            for shown in ["Mia&#39;s 30th", "Saturday, 13 June 2026 at 18:00 UTC", "Rooftop Bar, 5 Main St", "Ann", "Come celebrate!", "Bob Guest",
                "You haven&#39;t answered yet.", "name=\"viewport\"", "id=\"rsvp-form\"", "max=\"3\""]
            {
                #expect(html.contains(shown), "the page lacks \(shown)")
            }
            for hidden in ["bob.guest@example.com", "555 0100", "allergic", "<script"] {
                #expect(!html.contains(hidden), "the page shows \(hidden)")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func acceptingWithCompanionsUpdatesTheGuestNotifiesTheHostAndConfirms(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (event, guest, link) = try await rd.invitedGuest()
            try await GuestBrowser.with(rd.server) { browser in
                _ = try await browser.get("/g/" + link.encodedData)
                let posted = try await browser.post("/g/" + link.encodedData, ["response": "accept", "companions": "2"])
                #expect(posted.status == 303)
                let confirmation = try await browser.follow(posted)
                #expect(confirmation.status == 200)
                #expect(confirmation.text.contains("id=\"answer-saved\""))
                #expect(confirmation.text.contains("You&#39;re coming with 2 companions."))
            }
            let stored = try await rd.getGuest(.ann, guest.id)
            #expect(stored.status == .accepted)
            #expect(stored.accompany == 2)
            #expect(stored.hasRespondedAt)
            #expect(rd.notifications.recipients(of: "guest_rsvp", eventID: event.id) == [TestUser.ann.rawValue])
        }
    }

    @Test(arguments: TestEngine.available)
    func tooManyCompanionsAreRefusedWithAFriendlyMessage(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (event, guest, link) = try await rd.invitedGuest(allowance: 1)
            try await GuestBrowser.with(rd.server) { browser in
                _ = try await browser.get("/g/" + link.encodedData)
                let refused = try await browser.post("/g/" + link.encodedData, ["response": "accept", "companions": "4"])
                #expect(refused.status == 409)
                #expect(refused.text.contains("Your invitation allows up to 1 companion."))
                #expect(refused.text.contains("id=\"rsvp-form\""))
                let notANumber = try await browser.post("/g/" + link.encodedData, ["response": "accept", "companions": "lots"])
                #expect(notANumber.status == 400)
                #expect(notANumber.text.contains("whole number"))
            }
            #expect(try await rd.getGuest(.ann, guest.id).status == .invited)
            #expect(rd.notifications.recipients(of: "guest_rsvp", eventID: event.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aFormWithoutTheVisitorsTokenChangesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, guest, link) = try await rd.invitedGuest()
            try await GuestBrowser.with(rd.server) { browser in
                _ = try await browser.get("/g/" + link.encodedData)
                let forged = try await browser.post("/g/" + link.encodedData, ["response": "decline"], csrf: "forged")
                #expect(forged.status == 403)
            }
            #expect(try await rd.getGuest(.ann, guest.id).status == .invited)
        }
    }

    @Test(arguments: TestEngine.available)
    func aBadRevokedOrDeletedLinkShowsTheNotFoundPage(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (event, guest, link) = try await rd.invitedGuest()
            for path in ["/g/%25%25%25", "/g/" + String(link.encodedData.reversed()), "/i/nope"] {
                let page = try await rd.server.rushDayPage(path)
                #expect(page.status == 404, "\(path)")
                #expect(page.text.contains("id=\"not-found\""))
            }
            let invitation = try await rd.createInvitation(.ann, event.id)
            #expect(try await rd.server.rushDayPage("/i/" + invitation.id).text.contains("Mia&#39;s 30th"))
            try await rd.deleteGuest(.ann, guest.id)
            #expect(try await rd.server.rushDayPage("/g/" + link.encodedData).status == 404)
            try await rd.dropEvent(.ann, event.id)
            #expect(try await rd.server.rushDayPage("/i/" + invitation.id).status == 404)
        }
    }

    @Test(arguments: TestEngine.available)
    func anEndedEventShowsNoForm(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            rd.clock.set(Timestamp(millisecondsSince1970: 1_790_000_000_000))
            let page = try await rd.server.rushDayPage("/g/" + link.encodedData)
            #expect(page.status == 200)
            #expect(page.text.contains("id=\"answers-closed\""))
            #expect(!page.text.contains("id=\"rsvp-form\""))
        }
    }

    @Test(arguments: TestEngine.available)
    func thePagesShareTheRPCsLimit(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine, settings: guestSettings(publicLimit: 1)) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            #expect(try await rd.server.rushDayPage("/g/" + link.encodedData).status == 200)
            #expect(try await rd.server.rushDayPage("/g/" + link.encodedData).status == 429)
        }
    }
}
