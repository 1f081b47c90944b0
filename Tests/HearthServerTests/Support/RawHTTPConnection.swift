import NIOCore
import NIOPosix

/// A bare TCP client for what an HTTP client library would smooth over: it writes every
/// byte it was given, and only then reads, until the server ends the connection.
enum RawHTTPConnection {
    /// The server neither finished its answer nor closed the connection in time.
    struct StayedOpen: Error, CustomStringConvertible {
        let after: Duration
        var description: String { "the server did not close the connection within \(after) (a hang guard, not a speed limit)" }
    }

    /// Writes `parts` in order, then returns everything the server sends until it closes
    /// its side. Keeps writing after the server stopped writing (as a client that sends
    /// its whole body before reading does); a reset instead of a close is thrown.
    static func exchange(port: Int, writing parts: [[UInt8]], hangGuard: Duration = .seconds(60)) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    for part in parts { try await outbound.write(ByteBuffer(bytes: part)) }
                    var received = ByteBuffer()
                    for try await chunk in inbound { received.writeImmutableBuffer(chunk) }
                    return String(buffer: received)
                }
            }
            group.addTask {
                try await Task.sleep(for: hangGuard)
                return nil
            }
            defer { group.cancelAll() }
            guard let answer = try await group.next() ?? nil else { throw StayedOpen(after: hangGuard) }
            return answer
        }
    }
}
