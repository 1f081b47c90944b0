import GRPCCore
import HearthStore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Spec §2.4: unexpected failures become statuses whose messages carry no internals.
@Suite struct StatusMappingTests {
    let mapping = StatusMapping(logger: .quietTestLogger)
    let method = Rushday_V1_EventService.Method.GetEvent.descriptor

    @Test func unexpectedFailuresAreInternalWithoutDetail() {
        let status = mapping.status(for: StoreError.unexpectedValue(column: "secret", expected: "text"), method: method)
        #expect(status.code == .internalError)
        #expect(status.message == "internal error")
    }

    @Test func unreachableStorageIsUnavailableAndCancellationIsCancelled() {
        #expect(mapping.status(for: StoreError.unreachable("connection refused"), method: method).code == .unavailable)
        #expect(mapping.status(for: CancellationError(), method: method).code == .cancelled)
        let passed = mapping.status(for: RPCFailure.invalid("name", "required"), method: method)
        #expect(passed.code == .invalidArgument)
        #expect(passed.message == "name: required")
    }
}
