import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import SwiftProtobuf
import Testing

@testable import RushDayServer

extension RushDayHarness {
    @discardableResult
    func addVendor(
        _ user: TestUser, name: String, configure: (inout Rushday_V1_CreateVendorRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Vendor {
        var request = Rushday_V1_CreateVendorRequest()
        request.name = name
        configure(&request)
        return try await vendors.createVendor(request, metadata: try await auth(user))
    }

    func vendorList(_ user: TestUser, page: Int32 = 0, limit: Int32 = 0, eventID: String? = nil) async throws -> Rushday_V1_ListVendorsResponse {
        var request = Rushday_V1_ListVendorsRequest()
        request.page = page
        request.limit = limit
        if let eventID { request.eventID = eventID }
        return try await vendors.listVendors(request, metadata: try await auth(user))
    }

    func removeVendor(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteVendorRequest()
        request.id = id
        _ = try await vendors.deleteVendor(request, metadata: try await auth(user))
    }
}

/// Spec §4.9 vendors: the caller's private address book, over a real gRPC connection.
@Suite struct VendorTests {
    @Test(arguments: TestEngine.available)
    func createKeepsEveryFieldAndListIsSortedByNameIgnoringCase(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let florist = try await rd.addVendor(.ann, name: "  bloom & co  ") {
                $0.category = "flowers"
                $0.phone = "+1 (555) 010-2000"
                $0.email = "hi@bloom.io"
                $0.website = "https://bloom.io"
                $0.notes = "Peonies in June"
                $0.price = 45_000
            }
            #expect(florist.name == "bloom & co")
            #expect(florist.userID == "user-a" && !florist.hasEventID)
            #expect(florist.category == "flowers" && florist.price == 45_000)
            #expect(florist.phone == "+1 (555) 010-2000" && florist.email == "hi@bloom.io")
            #expect(florist.website == "https://bloom.io" && florist.notes == "Peonies in June")
            #expect(florist.createdAt == .init(RushDayHarness.start))
            let baker = try await rd.addVendor(.ann, name: "Artisan Bakery")
            #expect(!baker.hasCategory && !baker.hasPrice && !baker.hasEmail)
            try await rd.addVendor(.ann, name: "Caterers United")
            try await rd.addVendor(.ann, name: "DJ Max")
            let all = try await rd.vendorList(.ann)
            #expect(all.vendors.map(\.name) == ["Artisan Bakery", "bloom & co", "Caterers United", "DJ Max"])
            #expect(all.totalCount == 4)
            #expect(all.vendors[1] == florist)
            let page = try await rd.vendorList(.ann, page: 2, limit: 3)
            #expect(page.vendors.map(\.name) == ["DJ Max"] && page.totalCount == 4)
            #expect(try await rd.vendorList(.ann, limit: 500).vendors.count == 4)
            #expect(await rpcCode { _ = try await rd.vendorList(.ann, limit: -1) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func everyFieldIsValidatedAndNothingIsWritten(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let cases: [(String, String, (inout Rushday_V1_CreateVendorRequest) -> Void)] = [
                ("name:", " ", { _ in }),
                ("name:", String(repeating: "v", count: 201), { _ in }),
                ("category:", "Chef", { $0.category = "catering" }),
                ("email:", "Chef", { $0.email = "bob@" }),
                ("phone:", "Chef", { $0.phone = "call me" }),
                ("website:", "Chef", { $0.website = "bloom.io" }),
                ("price:", "Chef", { $0.price = -1 }),
                ("notes:", "Chef", { $0.notes = String(repeating: "n", count: 2001) }),
                ("event_id:", "Chef", { $0.eventID = "" }),
            ]
            for (field, name, configure) in cases {
                let failure = await rpcError { try await rd.addVendor(.ann, name: name, configure: configure) }
                #expect(failure?.code == .invalidArgument, "\(field)")
                #expect(failure?.message.hasPrefix(field) == true, "\(field) \(failure?.message ?? "")")
            }
            let stored = try await rd.vendorList(.ann).totalCount
            #expect(stored == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func linkingAnEventNeedsWriteAccessAndTheListCanFilterByEvent(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let other = try await rd.createEvent(.ann, name: "Other")
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            try await rd.addCoHost(.cid, to: event, role: "admin")
            let linked = try await rd.addVendor(.ann, name: "Caterer") { $0.eventID = event.id }
            #expect(linked.eventID == event.id)
            try await rd.addVendor(.ann, name: "Band") { $0.eventID = other.id }
            try await rd.addVendor(.ann, name: "Unlinked")
            #expect(try await rd.vendorList(.ann, eventID: event.id).vendors.map(\.name) == ["Caterer"])
            #expect(try await rd.vendorList(.ann, eventID: event.id).totalCount == 1)
            #expect(try await rd.vendorList(.ann).totalCount == 3)
            #expect(await rpcCode { try await rd.addVendor(.bob, name: "X") { $0.eventID = event.id } } == .permissionDenied)
            #expect(await rpcCode { try await rd.addVendor(.bob, name: "X") { $0.eventID = other.id } } == .notFound)
            #expect(await rpcCode { try await rd.addVendor(.ann, name: "X") { $0.eventID = "nope" } } == .notFound)
            #expect(try await rd.vendorList(.bob).totalCount == 0)
            let cids = try await rd.addVendor(.cid, name: "Cid's caterer") { $0.eventID = event.id }
            #expect(cids.userID == "user-c" && cids.eventID == event.id)
            #expect(try await rd.vendorList(.ann, eventID: event.id).vendors.map(\.name) == ["Caterer"])
        }
    }

    @Test(arguments: TestEngine.available)
    func vendorsArePrivateToTheirOwner(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let vendor = try await rd.addVendor(.ann, name: "Florist")
            try await rd.addVendor(.bob, name: "Baker")
            #expect(try await rd.vendorList(.bob).vendors.map(\.name) == ["Baker"])
            #expect(await rpcCode { try await rd.removeVendor(.bob, vendor.id) } == .notFound)
            #expect(try await rd.vendorList(.ann).vendors.map(\.id) == [vendor.id])
            try await rd.removeVendor(.ann, vendor.id)
            #expect(try await rd.vendorList(.ann).totalCount == 0)
            #expect(await rpcCode { try await rd.removeVendor(.ann, vendor.id) } == .notFound)
            #expect(await rpcCode { try await rd.removeVendor(.ann, "") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheEventClearsTheVendorsLinkButKeepsTheVendor(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.cid, to: event, role: "admin")
            let annsVendor = try await rd.addVendor(.ann, name: "Caterer") { $0.eventID = event.id }
            let cidsVendor = try await rd.addVendor(.cid, name: "DJ") { $0.eventID = event.id }
            try await rd.removeEvent(.ann, event.id)
            let anns = try await rd.vendorList(.ann).vendors
            #expect(anns.map(\.id) == [annsVendor.id])
            #expect(anns.first?.hasEventID == false)
            let cids = try await rd.vendorList(.cid).vendors
            #expect(cids.map(\.id) == [cidsVendor.id])
            #expect(cids.first?.hasEventID == false)
            #expect(try await rd.vendorList(.ann, eventID: event.id).totalCount == 0)
        }
    }
}
