import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

extension Paging {
    static func vendors(page: Int32, limit: Int32) throws(RPCError) -> Paging {
        try Paging(page: page, limit: limit, defaultLimit: 20, maximum: 100)
    }
}

/// `rushday.v1.VendorService` (spec §4.9): the caller's private address book. Linking a
/// vendor to an event needs W on that event.
struct VendorService: Rushday_V1_VendorService.SimpleServiceProtocol {
    let components: RushDayComponents

    var database: any HearthDatabase { components.services.database }
    var clock: any WallClock { components.services.clock }

    func createVendor(
        request: Rushday_V1_CreateVendorRequest, context: ServerContext
    ) async throws -> Rushday_V1_Vendor {
        let caller = try Principal.requireCaller()
        let input = try VendorInput(request)
        let vendor = VendorRecord(id: UUID().uuidString.lowercased(), userID: caller.userID, input: input, now: clock.now)
        try await database.transaction { sql in
            if let eventID = input.eventID {
                guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
                guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot link vendors to the event") }
            }
            try await VendorStore.insert(vendor, sql)
        }
        return vendor.message
    }

    func listVendors(
        request: Rushday_V1_ListVendorsRequest, context: ServerContext
    ) async throws -> Rushday_V1_ListVendorsResponse {
        let caller = try Principal.requireCaller()
        let paging = try Paging.vendors(page: request.page, limit: request.limit)
        let eventID = try request.hasEventID ? FieldRules.id(request.eventID, "event_id") : nil
        let (vendors, total) = try await database.read { sql in
            try await VendorStore.page(of: caller.userID, eventID: eventID, limit: paging.limit, offset: paging.offset, sql)
        }
        var response = Rushday_V1_ListVendorsResponse()
        response.vendors = vendors.map(\.message)
        response.totalCount = Int32(clamping: total)
        return response
    }

    func deleteVendor(
        request: Rushday_V1_DeleteVendorRequest, context: ServerContext
    ) async throws -> Rushday_V1_DeleteVendorResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let deleted = try await database.transaction { sql in try await VendorStore.delete(id, of: caller.userID, sql) }
        guard deleted else { throw RPCFailure.notFound("vendor") }
        var response = Rushday_V1_DeleteVendorResponse()
        response.success = true
        return response
    }
}
