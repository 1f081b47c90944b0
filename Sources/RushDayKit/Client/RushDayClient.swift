import GRPCCore
import GRPCNIOTransportHTTP2
import HearthClient
import RushDayProto

/// Rush Day's gRPC client over the generated stubs: every call carries the account's
/// access token as `authorization: Bearer …`; an `UNAUTHENTICATED` answer renews the
/// session once through the HTTP refresh route and retries; every failure comes out as a
/// ``RushDayError``.
public final class RushDayClient: Sendable {
    public typealias Transport = HTTP2ClientTransport.Posix

    public let account: RushDayAccount
    public let connection: RushDayConnection
    /// The deadline of unary calls (streams set their own, spec §2.1).
    public let callTimeout: Duration

    public init(account: RushDayAccount, connection: RushDayConnection, callTimeout: Duration = .seconds(30)) {
        self.account = account
        self.connection = connection
        self.callTimeout = callTimeout
    }

    var eventService: Rushday_V1_EventService.Client<Transport> { .init(wrapping: connection.grpc) }
    var userService: Rushday_V1_UserService.Client<Transport> { .init(wrapping: connection.grpc) }
    var plannerService: Rushday_V1_AIEventPlannerService.Client<Transport> { .init(wrapping: connection.grpc) }
    var invitationService: Rushday_V1_InvitationService.Client<Transport> { .init(wrapping: connection.grpc) }
    var vendorService: Rushday_V1_VendorService.Client<Transport> { .init(wrapping: connection.grpc) }

    /// Runs `body` with the bearer metadata; renews the token once on `UNAUTHENTICATED`.
    func authorized<T: Sendable>(
        timeout: Duration? = nil, _ body: (_ metadata: Metadata, _ options: CallOptions) async throws -> T
    ) async throws -> T {
        var options = CallOptions.defaults
        options.timeout = timeout ?? callTimeout
        do {
            let token = try await account.accessToken()
            do {
                return try await body(Self.bearer(token), options)
            } catch let error as RPCError where error.code == .unauthenticated {
                let renewed = try await account.renewedAccessToken(replacing: token)
                return try await body(Self.bearer(renewed), options)
            }
        } catch {
            throw RushDayError.from(error)
        }
    }

    /// Runs a public call (no token at all), mapping failures like ``authorized(timeout:_:)``.
    func anonymous<T: Sendable>(_ body: (_ options: CallOptions) async throws -> T) async throws -> T {
        var options = CallOptions.defaults
        options.timeout = callTimeout
        do {
            return try await body(options)
        } catch {
            throw RushDayError.from(error)
        }
    }

    static func bearer(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

    // MARK: Users

    /// The signed-in user (created on first use by the server).
    public func currentUser() async throws -> Rushday_V1_User {
        try await authorized { try await userService.getCurrentUser(.init(), metadata: $0, options: $1) }
    }

    public func updateUser(_ request: Rushday_V1_UpdateUserRequest) async throws -> Rushday_V1_User {
        try await authorized { try await userService.updateUser(request, metadata: $0, options: $1) }
    }

    // MARK: Public event invitations and vendors

    public func createInvitation(eventID: String, message: String? = nil) async throws -> Rushday_V1_Invitation {
        var request = Rushday_V1_CreateInvitationRequest()
        request.eventID = eventID
        if let message { request.message = message }
        return try await authorized { try await invitationService.createInvitation(request, metadata: $0, options: $1) }
    }

    public func createVendor(_ request: Rushday_V1_CreateVendorRequest) async throws -> Rushday_V1_Vendor {
        try await authorized { try await vendorService.createVendor(request, metadata: $0, options: $1) }
    }

    public func vendors(eventID: String? = nil, page: Int32 = 1, limit: Int32 = 100) async throws -> Rushday_V1_ListVendorsResponse {
        var request = Rushday_V1_ListVendorsRequest()
        request.page = page
        request.limit = limit
        if let eventID { request.eventID = eventID }
        return try await authorized { try await vendorService.listVendors(request, metadata: $0, options: $1) }
    }
}
