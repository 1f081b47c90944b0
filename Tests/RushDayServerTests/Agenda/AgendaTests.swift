import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import SwiftProtobuf
import Testing

@testable import RushDayServer

/// Spec §4.6 with §2.3–§2.8, over a real gRPC connection.
@Suite struct AgendaTests {
    @Test(arguments: TestEngine.available)
    func listIsSortedByStartTimeWhateverTheCreationOrderAndDateDefaultsToTheStartDay(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let late = try await rd.addAgendaItem(.ann, event.id, title: "Cake", start: "2026-06-13T20:00:00Z")
            let early = try await rd.addAgendaItem(.ann, event.id, title: "  Welcome  ", start: "2026-06-13T18:00:00Z") {
                $0.notes = "Drinks at the door"
                $0.date = .iso("2026-06-12T22:00:00Z")
            }
            let middle = try await rd.addAgendaItem(.ann, event.id, title: "Dinner", start: "2026-06-13T19:00:00Z", end: "2026-06-13T20:00:00Z")
            #expect(late.date == .iso("2026-06-13T00:00:00Z"))
            #expect(early.date == .iso("2026-06-12T22:00:00Z"))
            #expect(early.title == "Welcome")
            #expect(early.notes == "Drinks at the door")
            #expect(!late.hasEndTime && !late.hasNotes)
            #expect(middle.endTime == .iso("2026-06-13T20:00:00Z"))
            #expect(late.eventID == event.id)
            let listed = try await rd.agendaItems(.ann, event.id)
            #expect(listed.map(\.id) == [early.id, middle.id, late.id])
            #expect(listed.map(\.title) == ["Welcome", "Dinner", "Cake"])
        }
    }

    @Test(arguments: TestEngine.available)
    func itemsStartingTogetherPutTheUnsetEndLast(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addAgendaItem(.ann, event.id, title: "Open", start: "2026-06-13T18:00:00Z")
            try await rd.addAgendaItem(.ann, event.id, title: "Long", start: "2026-06-13T18:00:00Z", end: "2026-06-13T21:00:00Z")
            try await rd.addAgendaItem(.ann, event.id, title: "Short", start: "2026-06-13T18:00:00Z", end: "2026-06-13T18:30:00Z")
            #expect(try await rd.agendaItems(.ann, event.id).map(\.title) == ["Short", "Long", "Open"])
        }
    }

    @Test(arguments: TestEngine.available)
    func endMustBeAfterStartAndStartAndTitleAreRequiredWithNothingWritten(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let same = await rpcError {
                try await rd.addAgendaItem(.ann, event.id, title: "Toast", start: "2026-06-13T19:00:00Z", end: "2026-06-13T19:00:00Z")
            }
            #expect(same?.code == .invalidArgument)
            #expect(same?.message.hasPrefix("end_time:") == true)
            let before = await rpcCode {
                try await rd.addAgendaItem(.ann, event.id, title: "Toast", start: "2026-06-13T19:00:00Z", end: "2026-06-13T18:00:00Z")
            }
            #expect(before == .invalidArgument)
            let noStart = await rpcError { try await rd.addAgendaItem(.ann, event.id, title: "Toast", start: nil) }
            #expect(noStart?.code == .invalidArgument)
            #expect(noStart?.message.hasPrefix("start_time:") == true)
            let blank = await rpcError { try await rd.addAgendaItem(.ann, event.id, title: "  ", start: "2026-06-13T19:00:00Z") }
            #expect(blank?.message.hasPrefix("title:") == true)
            #expect(
                await rpcCode {
                    try await rd.addAgendaItem(.ann, event.id, title: String(repeating: "t", count: 201), start: "2026-06-13T19:00:00Z")
                } == .invalidArgument)
            #expect(
                await rpcCode {
                    try await rd.addAgendaItem(.ann, event.id, title: "Toast", start: "2026-06-13T19:00:00Z") {
                        $0.notes = String(repeating: "n", count: 2001)
                    }
                } == .invalidArgument)
            let outOfRange = await rpcCode {
                try await rd.addAgendaItem(.ann, event.id, title: "Toast", start: nil) {
                    $0.startTime = Google_Protobuf_Timestamp(seconds: Int64.max / 2, nanos: 0)
                }
            }
            #expect(outOfRange == .invalidArgument)
            #expect(try await rd.agendaItems(.ann, event.id).isEmpty)
            #expect(await rpcCode { try await rd.addAgendaItem(.ann, "nope", title: "Toast", start: "2026-06-13T19:00:00Z") } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateReplacesFormFieldsAndRecomputesAnAbsentDate(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let item = try await rd.addAgendaItem(.ann, event.id, title: "Dinner", start: "2026-06-13T19:00:00Z", end: "2026-06-13T20:00:00Z") {
                $0.notes = "Table 4"
                $0.date = .iso("2026-06-12T22:00:00Z")
            }
            rd.clock.advance(seconds: 45)
            var request = Rushday_V1_UpdateAgendaRequest()
            request.id = item.id
            request.title = "Late dinner"
            request.startTime = .iso("2026-06-14T01:00:00Z")
            let updated = try await rd.events.updateAgenda(request, metadata: try await rd.auth(.ann))
            #expect(updated.title == "Late dinner")
            #expect(!updated.hasNotes)
            #expect(!updated.hasEndTime)
            #expect(updated.date == .iso("2026-06-14T00:00:00Z"))
            #expect(updated.createdAt == item.createdAt)
            #expect(updated.updatedAt.seconds == item.updatedAt.seconds + 45)
            #expect(try await rd.agendaItems(.ann, event.id).first == updated)

            request.endTime = .iso("2026-06-14T01:00:00Z")
            #expect(await rpcCode { _ = try await rd.events.updateAgenda(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
            request.clearEndTime()
            request.clearStartTime()
            #expect(await rpcCode { _ = try await rd.events.updateAgenda(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
            #expect(try await rd.agendaItems(.ann, event.id).first == updated)
            request.id = "nope"
            request.startTime = .iso("2026-06-14T01:00:00Z")
            #expect(await rpcCode { _ = try await rd.events.updateAgenda(request, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func viewerReadsButCannotWriteAndAStrangerSeesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            let item = try await rd.addAgendaItem(.ann, event.id, title: "Dinner", start: "2026-06-13T19:00:00Z")
            #expect(try await rd.agendaItems(.bob, event.id).map(\.id) == [item.id])
            #expect(await rpcCode { try await rd.addAgendaItem(.bob, event.id, title: "X", start: "2026-06-13T19:00:00Z") } == .permissionDenied)
            #expect(await rpcCode { try await rd.removeAgendaItem(.bob, item.id) } == .permissionDenied)
            var update = Rushday_V1_UpdateAgendaRequest()
            update.id = item.id
            update.title = "X"
            update.startTime = .iso("2026-06-13T19:00:00Z")
            #expect(await rpcCode { _ = try await rd.events.updateAgenda(update, metadata: try await rd.auth(.bob)) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.agendaItems(.cid, event.id) } == .notFound)
            #expect(await rpcCode { try await rd.addAgendaItem(.cid, event.id, title: "X", start: "2026-06-13T19:00:00Z") } == .notFound)
            #expect(await rpcCode { try await rd.removeAgendaItem(.cid, item.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.events.updateAgenda(update, metadata: try await rd.auth(.cid)) } == .notFound)
            #expect(try await rd.agendaItems(.ann, event.id).map(\.title) == ["Dinner"])

            try await rd.addCoHost(.cid, to: event, role: "admin")
            try await rd.addAgendaItem(.cid, event.id, title: "Cake", start: "2026-06-13T20:00:00Z")
            try await rd.removeAgendaItem(.cid, item.id)
            #expect(try await rd.agendaItems(.ann, event.id).map(\.title) == ["Cake"])
            #expect(await rpcCode { try await rd.removeAgendaItem(.ann, item.id) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func anEventTakesAtMostFiveHundredAgendaItems(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let now = rd.clock.now
            let start = Timestamp(millisecondsSince1970: 1_781_373_600_000)  // 2026-06-13T18:00:00Z
            try await rd.database.transaction { sql in
                for index in 0..<500 {
                    try await AgendaStore.insert(
                        AgendaRecord(
                            id: "a\(index)", eventID: event.id, title: "Slot \(index)", notes: nil, date: nil,
                            startTime: start.adding(seconds: Int64(499 - index) * 60), endTime: nil, now: now), sql)
                }
            }
            #expect(await rpcCode { try await rd.addAgendaItem(.ann, event.id, title: "One more", start: "2026-06-13T19:00:00Z") } == .resourceExhausted)
            let listed = try await rd.agendaItems(.ann, event.id)
            #expect(listed.count == 500)
            #expect(listed.first?.id == "a499" && listed.last?.id == "a0")
            #expect(listed.first?.date == .iso("2026-06-13T00:00:00Z"))
            try await rd.database.transaction { sql in try await AgendaStore.deleteAll(of: event.id, sql) }
            #expect(try await rd.agendaItems(.ann, event.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheEventDeletesItsAgenda(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let item = try await rd.addAgendaItem(.ann, event.id, title: "Dinner", start: "2026-06-13T19:00:00Z")
            try await rd.removeEvent(.ann, event.id)
            #expect(await rpcCode { try await rd.removeAgendaItem(.ann, item.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.agendaItems(.ann, event.id) } == .notFound)
            #expect(try await rd.rowCount("rd_agenda", where: "event_id", is: event.id) == 0)
        }
    }
}
