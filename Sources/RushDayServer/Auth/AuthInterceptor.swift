import Foundation
import GRPCCore

/// The one interceptor of spec §2.2: reads `authorization: Bearer <jwt>` (any case of the
/// word), applies the method's ``AuthPolicy``, ensures the caller's user row, and runs the
/// handler — including a streaming response's producer — with ``Principal/current`` set,
/// mapping unexpected failures to the statuses of §2.4.
struct AuthInterceptor: ServerInterceptor {
    let verifier: any TokenVerifier
    let users: UserStore
    let statusMapping: StatusMapping

    func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>, context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        let principal = try await resolve(request.metadata, policy: AuthPolicy.of(context.descriptor))
        let method = context.descriptor
        let mapping = statusMapping
        var response = try await mapping.run(method) {
            try await Principal.$current.withValue(principal) { try await next(request, context) }
        }
        if case .success(var contents) = response.accepted {
            let producer = contents.producer
            contents.producer = { writer in
                try await mapping.run(method) { try await Principal.$current.withValue(principal) { try await producer(writer) } }
            }
            response.accepted = .success(contents)
        }
        return response
    }

    func resolve(_ metadata: Metadata, policy: AuthPolicy) async throws(RPCError) -> Principal {
        if policy == .public { return .anonymous }
        let values = Array(metadata[stringValues: "authorization"])
        guard let header = values.first else {
            if policy == .optional { return .anonymous }
            throw RPCError(code: .unauthenticated, message: "authorization: a bearer token is required")
        }
        guard let token = Self.bearerToken(header) else {
            throw RPCError(code: .unauthenticated, message: "authorization: expected 'Bearer <token>'")
        }
        let caller: VerifiedCaller
        do {
            caller = try await verifier.verify(token)
        } catch {
            let code: RPCError.Code = error == .keysUnavailable ? .unavailable : .unauthenticated
            throw RPCError(code: code, message: error.message)
        }
        do {
            try await users.ensure(caller)
        } catch {
            throw RPCError(code: .unavailable, message: "storage is temporarily unavailable; try again")
        }
        return .user(caller)
    }

    /// The token of `Bearer <token>`, the word in any case.
    static func bearerToken(_ header: String) -> String? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 7, trimmed.prefix(7).lowercased() == "bearer " else { return nil }
        let token = trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
