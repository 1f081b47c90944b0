import HearthCore
import RushDayProto
import Testing
@testable import RushDayServer

@Suite("Input normalisation and validation (§5.2)")
struct PlanInputNormaliserTests {
    func rejects(_ change: (inout RawPlanInput) -> Void) -> Bool {
        var raw = PlannerFixtures.birthdayInput()
        change(&raw)
        do {
            _ = try PlanInputNormaliser.normalise(raw)
            return false
        } catch {
            return !error.message.isEmpty
        }
    }

    @Test func missingEventTypeAndCustomTypeIsInvalid() {
        #expect(rejects { $0.eventType = 0 })
        #expect(rejects { $0.eventType = 0; $0.customEventType = "   " })
    }

    @Test func customTypeAloneMeansOther() throws {
        var raw = RawPlanInput()
        raw.customEventType = " game night "
        let request = try PlanInputNormaliser.normalise(raw)
        #expect(request.kind == .other)
        #expect(request.customEventType == "game night")
    }

    @Test func guestCountFromRangeOrCustomCount() throws {
        let counts = [0: 30, 1: 8, 2: 20, 3: 50, 4: 110, 5: 220]
        for (range, expected) in counts {
            var raw = PlannerFixtures.birthdayInput()
            raw.guestRange = range
            #expect(try PlanInputNormaliser.normalise(raw).guestCount == expected)
        }
        var raw = PlannerFixtures.birthdayInput()
        raw.customGuestCount = 77
        #expect(try PlanInputNormaliser.normalise(raw).guestCount == 77)
    }

    @Test func limitsOnGuestsBudgetTextsTagsAndDates() {
        #expect(rejects { $0.customGuestCount = 100_001 })
        #expect(rejects { $0.customGuestCount = -1 })
        #expect(!rejects { $0.customGuestCount = 100_000 })
        #expect(rejects { $0.customBudgetAmount = -1 })
        #expect(rejects { $0.preferencesText = String(repeating: "a", count: 2001) })
        #expect(!rejects { $0.preferencesText = String(repeating: "a", count: 2000) })
        #expect(rejects { $0.selectedTags = Array(repeating: "boho", count: 21) })
        #expect(rejects { $0.selectedTags = [String(repeating: "x", count: 51)] })
        #expect(rejects {
            $0.startDate = PlannerFixtures.eventEDate
            $0.endDate = PlannerFixtures.eventEDate.adding(seconds: -1)
        })
    }

    @Test func unknownEnumNumbersAreInvalid() {
        #expect(rejects { $0.eventType = 9 })
        #expect(rejects { $0.guestRange = 6 })
        #expect(rejects { $0.venueType = 5 })
        #expect(rejects { $0.budgetTier = 5 })
        #expect(rejects { $0.targetPlanStyle = 4 })
        #expect(rejects { $0.selectedServices = [7] })
        #expect(rejects { $0.currencyCode = "usd" })
    }

    @Test func currencyFromRequestThenCallerThenUSD() throws {
        var raw = PlannerFixtures.birthdayInput()
        #expect(try PlanInputNormaliser.normalise(raw).currency.code == "USD")
        #expect(try PlanInputNormaliser.normalise(raw, callerCurrency: "EUR").currency.code == "EUR")
        raw.currencyCode = "JPY"
        #expect(try PlanInputNormaliser.normalise(raw, callerCurrency: "EUR").currency.code == "JPY")
    }

    @Test func keywordsAreLowerCasedWholeWordsOfTagsPreferencesAndAdjustment() throws {
        var raw = PlannerFixtures.birthdayInput()
        raw.selectedTags = ["Boho Chic"]
        raw.preferencesText = "Garden-party, please!"
        raw.adjustmentText = "CHEAPER"
        let keywords = try PlanInputNormaliser.normalise(raw).keywords
        #expect(keywords == ["boho", "chic", "garden", "party", "please", "cheaper"])
    }

    @Test func skippedVenueAndServicesCountAsNotGiven() throws {
        var raw = PlannerFixtures.birthdayInput()
        raw.venueSkipped = true
        raw.selectedServices = [1, 4]
        raw.servicesSkipped = true
        let request = try PlanInputNormaliser.normalise(raw)
        #expect(request.venue == .unspecified)
        #expect(request.services.isEmpty)
    }

    @Test func protoRequestIsNormalisedThroughTheMapping() throws {
        var proto = Rushday_V1_GenerateEventPlansRequest()
        proto.eventType = .birthday
        proto.guestRange = .medium
        proto.budgetTier = .standard
        proto.venueType = .indoorVenue
        proto.selectedServices = [.photoVideo, .catering]
        proto.targetPlanStyle = .balanced
        let request = try PlannerProtoMapping.planRequest(proto)
        #expect(request.kind == .birthday)
        #expect(request.guestCount == 50)
        #expect(request.services == [.catering, .photoVideo])
        #expect(request.variants == [.balanced])
        proto.eventType = .UNRECOGNIZED(42)
        #expect(throws: PlannerInputError.self) { try PlannerProtoMapping.planRequest(proto) }
    }

    @Test func existingEventTypeIdsMapToKinds() {
        #expect(EventKind(eventTypeID: "corporate") == .business)
        #expect(EventKind(eventTypeID: "conference") == .business)
        #expect(EventKind(eventTypeID: "babyshower") == .babyShower)
        #expect(EventKind(eventTypeID: "baby_shower") == .babyShower)
        #expect(EventKind(eventTypeID: "picnic") == .other)
    }

    @Test func existingEventGuestCountFallsBackToGuestsThenThirty() {
        var event = PlannerFixtures.eventE()
        #expect(event.guestCount == 30)
        event.attendingGuestCount = 12
        #expect(event.guestCount == 12)
        event.plannedGuestCount = 40
        #expect(event.guestCount == 40)
    }
}
