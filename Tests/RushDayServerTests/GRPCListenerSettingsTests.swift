import HearthGRPC
import HearthServer
import Testing

/// `--grpc-port`, then `HEARTH_GRPC_PORT`, then 50051.
@Suite struct GRPCListenerSettingsTests {
    @Test func grpcPortComesFromTheFlagThenTheEnvironmentThenTheDefault() throws {
        #expect(try GRPCListenerSettings.resolve(flag: 7000, environment: ["HEARTH_GRPC_PORT": "8000"]).port == 7000)
        #expect(try GRPCListenerSettings.resolve(flag: nil, environment: ["HEARTH_GRPC_PORT": " 8000 "]).port == 8000)
        #expect(try GRPCListenerSettings.resolve(flag: nil, environment: [:]).port == 50051)
    }

    @Test func grpcPortOutsideTheRangeOrNotANumberIsRefused() {
        #expect(throws: ConfigurationError.self) { try GRPCListenerSettings.resolve(flag: 70000, environment: [:]) }
        #expect(throws: ConfigurationError.self) { try GRPCListenerSettings.resolve(flag: nil, environment: ["HEARTH_GRPC_PORT": "grpc"]) }
    }
}
