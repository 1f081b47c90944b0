import Foundation
import RushDayProto
import SwiftProtobuf
import Testing

/// One message from each of the six .proto files goes through binary and canonical JSON and comes back
/// equal, with the values the spec's field names promise (spec §2.1 accessor names, §2.6 int64-as-string JSON).
@Suite struct MessageRoundTripTests {
    private func ts(_ seconds: Int64, _ nanos: Int32 = 0) -> Google_Protobuf_Timestamp {
        Google_Protobuf_Timestamp(seconds: seconds, nanos: nanos)
    }

    /// Binary and JSON round trips; returns the JSON text for further checks.
    @discardableResult
    private func roundTrip<M: SwiftProtobuf.Message & Equatable>(_ message: M) throws -> String {
        let bytes: [UInt8] = try message.serializedBytes()
        #expect(try M(serializedBytes: bytes) == message)
        let json = try message.jsonString()
        #expect(try M(jsonString: json) == message)
        return json
    }

    @Test func commonBudgetRange() throws {
        var range = Rushday_V1_BudgetRange()
        range.minAmount = 150_000
        range.maxAmount = 10_000_000_000_000
        range.currencyCode = "JPY"
        let json = try roundTrip(range)
        // Canonical proto3 JSON renders int64 as strings (§2.6).
        #expect(json.contains(#""maxAmount":"10000000000000""#))
        #expect(Rushday_V1_BudgetRange.protoMessageName == "rushday.v1.BudgetRange")
        let decoded = try Rushday_V1_BudgetRange(jsonString: json)
        #expect(decoded.minAmount == 150_000)
        #expect(decoded.maxAmount == 10_000_000_000_000)
        #expect(decoded.currencyCode == "JPY")
    }

    @Test func userWithPreferences() throws {
        var user = Rushday_V1_User()
        user.id = "firebase-uid-1"
        user.name = "Ada"
        user.email = "ada@example.com"
        user.avatar = "https://example.com/a.png"
        user.currency = "EUR"
        user.isPremium = true
        user.createdAt = ts(1_767_225_600)
        user.updatedAt = ts(1_767_225_601, 500_000_000)
        user.notificationPreferences.time = "9:00"
        user.notificationPreferences.tasks = true
        user.notificationPreferences.onTheDay = true
        user.notificationPreferences.weekBefore = false
        try roundTrip(user)

        let decoded = try Rushday_V1_User(serializedBytes: user.serializedBytes() as [UInt8])
        #expect(decoded.hasAvatar && decoded.avatar == "https://example.com/a.png")
        #expect(decoded.notificationPreferences.time == "9:00")
        #expect(decoded.notificationPreferences.onTheDay)
        #expect(decoded.updatedAt.nanos == 500_000_000)

        // `optional` fields keep presence: an unset avatar stays unset.
        var noAvatar = user
        noAvatar.clearAvatar()
        let back = try Rushday_V1_User(serializedBytes: noAvatar.serializedBytes() as [UInt8])
        #expect(!back.hasAvatar)
    }

    @Test func eventGuestAndEvent() throws {
        var guest = Rushday_V1_Guest()
        guest.id = "g1"
        guest.eventID = "e1"
        guest.name = "Grace"
        guest.contact.email = "grace@example.com"
        guest.status = .notInvited
        guest.accompany = 2
        guest.notes = ""
        guest.respondedAt = ts(1_780_000_000)
        try roundTrip(guest)
        let decodedGuest = try Rushday_V1_Guest(serializedBytes: guest.serializedBytes() as [UInt8])
        #expect(decodedGuest.status == .notInvited)
        #expect(decodedGuest.hasNotes && decodedGuest.notes.isEmpty)  // present-but-empty survives
        #expect(decodedGuest.contact.hasEmail && !decodedGuest.contact.hasPhoneNumber)

        var event = Rushday_V1_Event()
        event.id = "e1"
        event.name = "Birthday"
        event.date = ts(1_780_000_000)
        event.type = "birthday"
        event.userID = "owner"
        event.isDraft = true
        event.callerRole = "owner"
        event.isAiDraft = true
        event.plannedGuestCount = 40
        var shared = Rushday_V1_SharedUser()
        shared.name = "Co Host"
        shared.accessRole = "viewer"
        shared.secret = "s3cret"
        event.shared = [shared]
        try roundTrip(event)
        let decodedEvent = try Rushday_V1_Event(serializedBytes: event.serializedBytes() as [UInt8])
        #expect(decodedEvent.shared.first?.accessRole == "viewer")
        #expect(decodedEvent.plannedGuestCount == 40 && decodedEvent.isAiDraft)
    }

    /// Field numbers come from the spec, not from declaration order: check a few on the wire.
    @Test func eventFieldNumbersOnTheWire() throws {
        var event = Rushday_V1_Event()
        event.isAiDraft = true  // field 19, varint: tag (19 << 3) = 152 = 0x98 0x01
        #expect(try event.serializedBytes() as [UInt8] == [0x98, 0x01, 0x01])

        var guest = Rushday_V1_Guest()
        guest.status = .notInvited  // field 5, varint 4
        #expect(try guest.serializedBytes() as [UInt8] == [0x28, 0x04])

        var request = Rushday_V1_GenerateEventPlansRequest()
        request.currencyCode = "USD"  // field 25, length-delimited: tag (25 << 3 | 2) = 202 = 0xCA 0x01
        #expect(try request.serializedBytes() as [UInt8] == [0xCA, 0x01, 0x03, 0x55, 0x53, 0x44])
    }

    @Test func vendorWithOptionalMoney() throws {
        var vendor = Rushday_V1_Vendor()
        vendor.id = "v1"
        vendor.userID = "u1"
        vendor.eventID = "e1"
        vendor.name = "Cake Shop"
        vendor.category = "catering"
        vendor.phone = "+1 (555) 010-0000"
        vendor.website = "https://cake.example"
        vendor.price = 0  // explicitly free: presence must survive
        vendor.createdAt = ts(1_767_225_600)
        let json = try roundTrip(vendor)
        #expect(json.contains(#""price":"0""#))
        let decoded = try Rushday_V1_Vendor(serializedBytes: vendor.serializedBytes() as [UInt8])
        #expect(decoded.hasPrice && decoded.price == 0)
        #expect(!decoded.hasEmail && !decoded.hasNotes)

        var list = Rushday_V1_ListVendorsResponse()
        list.vendors = [vendor, vendor]
        list.totalCount = 2
        try roundTrip(list)
    }

    @Test func invitationPublicView() throws {
        var invitation = Rushday_V1_PublicInvitation()
        invitation.id = "8f2c3a9e-1111-4222-8333-944455556666"
        invitation.name = "Launch Party"
        invitation.date = ts(1_780_000_000)
        invitation.endDate = ts(1_780_010_800)
        invitation.location = "Rooftop"
        invitation.isAllDay = false
        invitation.message = "Come!"
        invitation.hostName = "Ada"
        invitation.eventType = "business"
        let json = try roundTrip(invitation)
        #expect(json.contains(#""hostName":"Ada""#))
        let decoded = try Rushday_V1_PublicInvitation(jsonString: json)
        #expect(decoded.eventType == "business" && decoded.endDate.seconds == 1_780_010_800)
    }

    @Test func aiPlannerRequestAndCrossFileMessages() throws {
        var request = Rushday_V1_GenerateEventPlansRequest()
        request.eventType = .babyShower
        request.guestRange = .medium
        request.eventName = "Shower"
        request.startDate = ts(1_780_000_000)
        request.venueType = .outdoorSpace
        request.budgetTier = .premium
        request.customBudgetAmount = 250_000
        request.selectedServices = [.catering, .photoVideo]
        request.selectedTags = ["pastel", "garden"]
        request.includeAgenda = true
        request.targetPlanStyle = .balanced
        request.currencyCode = "GBP"
        let json = try roundTrip(request)
        #expect(json.contains("AI_EVENT_TYPE_BABY_SHOWER"))
        #expect(json.contains("SERVICE_TYPE_PHOTO_VIDEO"))
        let decoded = try Rushday_V1_GenerateEventPlansRequest(jsonString: json)
        #expect(decoded.selectedServices == [.catering, .photoVideo])
        #expect(decoded.customBudgetAmount == 250_000)

        // Uses common.proto (BudgetRange) and event.proto (Event) from ai_planner.proto.
        var summary = Rushday_V1_EventPlanSummary()
        summary.id = "plan-1"
        summary.title = "Garden brunch"
        summary.description_p = "A relaxed plan"
        summary.tier = .aiRecommended
        summary.style = .natural
        summary.matchScore = 92
        summary.estimatedBudget.minAmount = 200_000
        summary.estimatedBudget.maxAmount = 300_000
        summary.estimatedBudget.currencyCode = "GBP"
        summary.highlights = ["Brunch", "Games"]
        try roundTrip(summary)

        var created = Rushday_V1_CreateEventFromPlanResponse()
        created.success = true
        created.eventID = "e9"
        created.event.id = "e9"
        created.event.name = "Shower"
        created.tasksCreated = 12
        try roundTrip(created)

        var history = Rushday_V1_GetChatHistoryResponse()
        history.success = true
        var message = Rushday_V1_ChatMessage()
        message.id = "m1"
        message.content = "Hi"
        message.role = .user
        message.topic = .decor
        message.createdAt = ts(1_780_000_000)
        history.messages = [message]
        history.hasMore_p = true
        history.nextCursor = "c2"
        try roundTrip(history)
    }
}
