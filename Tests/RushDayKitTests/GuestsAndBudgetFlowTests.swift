import Foundation
import HearthTesting
import RushDayKit
import RushDayProto
import SwiftProtobuf
import Testing

/// Guests answering through their links, and the budget screen, through RushDayKit.
@Suite("RushDayKit — guests and budget over the server")
struct GuestsAndBudgetFlowTests {
    @Test(arguments: TestEngine.available)
    func guestAnswersThroughTheLinkAndTheCountsFollow(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Party"))
                func input(_ name: String, plus: Int32) -> Rushday_V1_GuestInput {
                    var guest = Rushday_V1_GuestInput()
                    guest.name = name
                    guest.accompany = plus
                    return guest
                }
                let guests = try await ann.batchCreateGuests(eventID: event.id, guests: [input("Bob", plus: 2), input("Cid", plus: 0), input("Dee", plus: 0)])
                #expect(GuestCounts(guests).notInvited == 3)
                let bobLink = try await ann.inviteGuest(guestID: guests[0].id, eventID: event.id)
                let cidLink = try await ann.inviteGuest(guestID: guests[1].id, eventID: event.id)
                #expect(bobLink.inviteLink == "https://rush.example/g/" + bobLink.encodedData)

                let seen = try await ann.publicGuestInvitation(encodedData: bobLink.encodedData)
                #expect(seen.guestName == "Bob" && seen.eventName == "Party" && seen.canRespond)
                _ = try await ann.respondToGuestInvitation(encodedData: bobLink.encodedData, accept: true, accompany: 1)
                _ = try await ann.respondToGuestInvitation(encodedData: cidLink.encodedData, accept: false)

                let counts = GuestCounts(try await ann.guests(eventID: event.id))
                #expect(counts.accepted == 1 && counts.declined == 1 && counts.notInvited == 1 && counts.invited == 0)
                #expect(counts.expectedPeople == 2)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func budgetSummaryAgreesWithTheServersTotals(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Party"))
                _ = try await ann.setPlannedBudget(eventID: event.id, amount: try #require(Money.parse("500.00")))
                var venue = Rushday_V1_CreateBudgetRequest()
                venue.eventID = event.id
                venue.title = "Venue"
                venue.totalAmount = try #require(Money.parse("400"))
                let hall = try await ann.createBudget(venue)
                var cake = venue
                cake.title = "Cake"
                cake.totalAmount = try #require(Money.parse("120.50"))
                let dessert = try await ann.createBudget(cake)
                _ = try await ann.addPayment(budgetID: hall.id, amount: 40_000)
                let partial = try await ann.addPayment(budgetID: dessert.id, amount: 5_000)
                #expect(partial.paymentStatus == .partial)

                let listed = try await ann.budgets(eventID: event.id)
                let summary = BudgetSummary(budgets: listed.budgets, eventBudget: try await ann.eventBudget(eventID: event.id))
                #expect(summary.totalExpenses == listed.totalAmount && summary.totalPaid == listed.paidAmount)
                #expect(summary.lines.map(\.status) == listed.budgets.map(\.paymentStatus))
                #expect(summary.remaining == 50_000 - 52_050 && summary.isOverBudget)
                #expect(Money.display(summary.outstanding, currencyCode: summary.currencyCode) == "$70.50")

                let undone = try await ann.removePayment(budgetID: dessert.id)
                #expect(undone.paymentStatus == .unpaid)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func agendaFromTheServerGroupsByDay(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Wedding"))
                for (title, start) in [("Brunch", "2030-06-15T10:00:00Z"), ("Ceremony", "2030-06-14T15:00:00Z"), ("Dinner", "2030-06-14T19:00:00Z")] {
                    var item = Rushday_V1_CreateAgendaRequest()
                    item.eventID = event.id
                    item.title = title
                    item.startTime = at(start)
                    _ = try await ann.createAgenda(item)
                }
                let days = AgendaDays(try await ann.agendas(eventID: event.id), timeZone: TimeZone(identifier: "UTC")!)
                #expect(days.days.map(\.day) == ["2030-06-14", "2030-06-15"])
                #expect(days.days.map { $0.items.map(\.title) } == [["Ceremony", "Dinner"], ["Brunch"]])
            }
        }
    }
}
