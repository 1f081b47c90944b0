import GRPCCore
import RushDayProto

/// `rushday.v1.VendorService` (spec §4.9): the caller's private address book. Not built yet.
struct VendorService: Rushday_V1_VendorService.SimpleServiceProtocol {
    let components: RushDayComponents

    func createVendor(
        request: Rushday_V1_CreateVendorRequest, context: ServerContext
    ) async throws -> Rushday_V1_Vendor {
        throw RPCFailure.unimplemented
    }

    func listVendors(
        request: Rushday_V1_ListVendorsRequest, context: ServerContext
    ) async throws -> Rushday_V1_ListVendorsResponse {
        throw RPCFailure.unimplemented
    }

    func deleteVendor(
        request: Rushday_V1_DeleteVendorRequest, context: ServerContext
    ) async throws -> Rushday_V1_DeleteVendorResponse {
        throw RPCFailure.unimplemented
    }
}
