import HearthCore
import HearthServer
import Hummingbird
import Testing

@testable import KnotServer

@Suite struct FastAPIErrorFormatTests {
    @Test func nestedFieldPathsBecomeFastAPILocationsWithNumericIndices() {
        #expect(FastAPIErrorFormat.location("milestones.1.milestone_name") == ["milestones", 1, "milestone_name"])
        #expect(FastAPIErrorFormat.location("partner_name") == ["partner_name"])
    }

    @Test func queryErrorsCarryTheirLocation() {
        let error = APIError.invalidQuery("limit", "too big")
        #expect(error.status == .unprocessableContent)
        #expect(error.details[FastAPIErrorFormat.locationKey] == "query")
        #expect(error.details[FastAPIErrorFormat.fieldKey] == "limit")
    }
}
