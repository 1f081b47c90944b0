import NIOPosix
import Testing

@testable import HearthOutbound

/// The system resolver is only given numeric hosts here, so no DNS query leaves the machine.
struct HostResolverTests {
    let resolver = SystemHostResolver(threadPool: .singleton)

    /// Were a non-canonical numeric host ever to reach `getaddrinfo`, it would still be
    /// caught: the resolver reads it as loopback, and loopback is blocked.
    @Test(arguments: ["2130706433", "0177.0.0.1", "0x7f.1", "0x7f000001", "127.1", "017700000001"])
    func obfuscatedLoopbackResolvesToLoopback(_ host: String) async throws {
        let addresses = try await resolver.resolve(host)
        #expect(addresses == [IPAddress("127.0.0.1")].compactMap { $0 })
        #expect(addresses.allSatisfy { AddressClassifier.blockedCategory(of: $0) == .loopback })
    }

    @Test func resolvesNumericIPv6() async throws {
        let addresses = try await resolver.resolve("::ffff:169.254.169.254")
        #expect(addresses.count == 1)
        #expect(addresses.first.flatMap(AddressClassifier.blockedCategory(of:)) == .linkLocal)
    }

    @Test func resolvesHostsFileNames() async throws {
        let addresses = try await resolver.resolve("localhost")
        #expect(addresses.contains { AddressClassifier.blockedCategory(of: $0) == .loopback })
        #expect(addresses.allSatisfy { !AddressClassifier.isGloballyRoutable($0) })
    }
}
