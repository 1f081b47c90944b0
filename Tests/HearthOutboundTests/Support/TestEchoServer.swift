import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that sends back whatever it receives, counting the
/// connections it accepts so a test can show that a refused tunnel never reached it.
final class TestEchoServer: Sendable {
    let port: Int
    private let accepted: NIOLockedValueBox<Int>

    private init(port: Int, accepted: NIOLockedValueBox<Int>) {
        self.port = port
        self.accepted = accepted
    }

    var connectionCount: Int { accepted.withLockedValue { $0 } }

    @discardableResult
    static func withServer<T>(_ body: (TestEchoServer) async throws -> T) async throws -> T {
        let accepted = NIOLockedValueBox(0)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    accepted.withLockedValue { $0 += 1 }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let server = TestEchoServer(port: listener.channel.localAddress?.port ?? 0, accepted: accepted)
        let accepting = Task {
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask {
                            try? await connection.executeThenClose { inbound, outbound in
                                for try await chunk in inbound { try await outbound.write(chunk) }
                            }
                        }
                    }
                }
            }
        }
        defer { accepting.cancel() }
        let result = try await body(server)
        accepting.cancel()
        _ = await accepting.result
        return result
    }
}
