import Testing
@testable import RushDayServer

@Suite("Style rules and plan texts (§5.3)")
struct PlanStyleAndCopyTests {
    func request(keywords: String = "", venue: Int = 1, eventType: Int = 1, customType: String = "") throws -> PlanRequest {
        var raw = PlannerFixtures.birthdayInput()
        raw.preferencesText = keywords
        raw.venueType = venue
        raw.eventType = eventType
        raw.customEventType = customType
        return try PlanInputNormaliser.normalise(raw)
    }

    @Test func keywordStylesAreCheckedLuxuryNaturalModernClassic() throws {
        #expect(PlanStyleRules.style(for: try request(keywords: "classic modern rustic glam"), variant: .budget).style == .luxury)
        #expect(PlanStyleRules.style(for: try request(keywords: "classic modern garden"), variant: .budget).style == .natural)
        #expect(PlanStyleRules.style(for: try request(keywords: "vintage but sleek"), variant: .premium).style == .modern)
        let classic = PlanStyleRules.style(for: try request(keywords: "Timeless!"), variant: .premium)
        #expect(classic == StyleDecision(style: .classic, fromKeyword: true))
    }

    @Test func keywordBeatsOutdoorVenueAndOutdoorBeatsCustomType() throws {
        #expect(PlanStyleRules.style(for: try request(keywords: "elegant", venue: 2), variant: .budget).style == .luxury)
        let outdoor = PlanStyleRules.style(for: try request(venue: 2, eventType: 8, customType: "game night"), variant: .budget)
        #expect(outdoor == StyleDecision(style: .natural, fromKeyword: false))
    }

    @Test func otherWithCustomTypeIsSignatureStyle() throws {
        let decision = PlanStyleRules.style(for: try request(eventType: 0, customType: "game night"), variant: .premium)
        #expect(decision == StyleDecision(style: .custom, fromKeyword: false))
        #expect(PlanStyleKind.custom.label == "Signature")
    }

    @Test func variantDefaultStylesBudgetModernBalancedClassicPremiumLuxury() throws {
        let plain = try request()
        #expect(PlanStyleRules.style(for: plain, variant: .budget).style == .modern)
        #expect(PlanStyleRules.style(for: plain, variant: .balanced).style == .classic)
        #expect(PlanStyleRules.style(for: plain, variant: .premium).style == .luxury)
    }

    @Test func titlesForTheThreeBirthdayVariants() throws {
        let plans = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest())
        #expect(plans.map(\.title) == ["Simple Modern Birthday Celebration", "Classic Birthday Celebration", "Grand Luxe Birthday Celebration"])
    }

    @Test func descriptionsNameGuestsVenueAndVariantSentence() throws {
        var raw = PlannerFixtures.birthdayInput()
        raw.venueLocation = "Brooklyn"
        raw.customVenueName = "The Loft"
        let plans = PlannerFixtures.provider().plans(for: try PlanInputNormaliser.normalise(raw))
        #expect(plans[0].description == "Simple Modern Birthday Celebration for about 50 guests at The Loft. Keeps costs low by focusing on the essentials.")
        #expect(plans[1].description == "Classic Birthday Celebration for about 50 guests at The Loft. Balances cost and experience for a memorable event.")
        #expect(plans[2].description == "Grand Luxe Birthday Celebration for about 50 guests at The Loft. Adds premium touches for an unforgettable experience.")
        let noVenue = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest(target: 2))
        #expect(noVenue[0].description == "Classic Birthday Celebration for about 50 guests. Balances cost and experience for a memorable event.")
    }

    @Test func highlightsListStyleGuestsBiggestInvestmentAndPremiumUpgrades() throws {
        let plans = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest())
        #expect(plans[1].highlights == ["Classic styling", "Sized for about 50 guests", "Biggest investment: Food/Catering"])
        #expect(plans[2].highlights == ["Luxe styling", "Sized for about 50 guests", "Biggest investment: Food/Catering", "Premium upgrades included"])
    }

    @Test func customTypeNounIsTitleCasedAndFallsBackToCelebration() throws {
        #expect(try request(eventType: 0, customType: "game night").typeNoun == "Game Night")
        #expect(try request(eventType: 8).typeNoun == "Celebration")
        #expect(EventKind.wedding.typeNoun() == "Wedding Day")
        #expect(EventKind.babyShower.typeNoun() == "Baby Shower")
    }

    @Test func phrasesFollowSpecExamplesAndVenueSuffix() {
        #expect(PlanCopy.venueDescription(venue: .hotel, variant: .budget, venueName: "") == "Hotel meeting room")
        #expect(PlanCopy.venueDescription(venue: .hotel, variant: .balanced, venueName: "") == "Hotel function room")
        #expect(PlanCopy.venueDescription(venue: .hotel, variant: .premium, venueName: "The Plaza") == "Hotel ballroom — The Plaza")
        #expect(PlanCopy.cateringDescription(guestCount: 50, variant: .budget) == "Buffet")
        #expect(PlanCopy.cateringDescription(guestCount: 21, variant: .balanced) == "Plated dinner")
        #expect(PlanCopy.cateringDescription(guestCount: 75, variant: .premium) == "Plated dinner with premium bar")
        #expect(PlanCopy.entertainmentDescription(kind: .birthday, variant: .budget) == "Curated playlist")
        #expect(PlanCopy.entertainmentDescription(kind: .birthday, variant: .balanced) == "DJ and party games")
        #expect(PlanCopy.entertainmentDescription(kind: .birthday, variant: .premium) == "Live band and photo booth")
    }

    @Test func everyFixedPhraseIsAtMostEightyCharacters() {
        for variant in PlanVariant.allCases {
            for venue in VenueKind.allCases {
                #expect(PlanCopy.venueDescription(venue: venue, variant: variant, venueName: "").count <= 80)
            }
            for guests in [1, 20, 21, 75, 76, 1_000] {
                #expect(PlanCopy.cateringDescription(guestCount: guests, variant: variant).count <= 80)
            }
            for kind in EventKind.allCases {
                #expect(PlanCopy.entertainmentDescription(kind: kind, variant: variant).count <= 80)
            }
        }
    }

    @Test func matchScoreAddsTierStyleVenueServicesAndBalanced() throws {
        let request = try PlannerFixtures.birthdayRequest(target: 2)
        #expect(PlanBuilder.matchScore(request: request, variant: .balanced, styleFromKeyword: false) == 89)
        var raw = PlannerFixtures.birthdayInput()
        raw.selectedServices = [1]
        raw.budgetTier = 1
        let economy = try PlanInputNormaliser.normalise(raw)
        #expect(PlanBuilder.matchScore(request: economy, variant: .budget, styleFromKeyword: true) == 72 + 10 + 6 + 4 + 4)
        #expect(PlanBuilder.matchScore(request: economy, variant: .balanced, styleFromKeyword: true) == 72 + 6 + 4 + 4 + 3)
        raw.customBudgetAmount = 100_000
        let custom = try PlanInputNormaliser.normalise(raw)
        #expect(PlanBuilder.matchScore(request: custom, variant: .balanced, styleFromKeyword: true) == 98)
    }
}
