import Testing

@testable import HearthOutbound

struct IPAddressTests {
    @Test func parsesCanonicalForms() {
        #expect(IPAddress("127.0.0.1") == .v4(0x7f00_0001))
        #expect(IPAddress("255.255.255.255") == .v4(0xffff_ffff))
        #expect(IPAddress("::1") == .v6(high: 0, low: 1))
        #expect(IPAddress("fe80::1:2") == .v6(high: 0xfe80_0000_0000_0000, low: 0x0001_0002))
        #expect(IPAddress("::ffff:127.0.0.1") == .v6(high: 0, low: 0x0000_ffff_7f00_0001))
        #expect(IPAddress("2001:DB8::A") == .v6(high: 0x2001_0db8_0000_0000, low: 0xa))
    }

    /// `inet_aton` reads all of these as an IPv4 address; the strict parser must not.
    @Test(arguments: [
        "2130706433", "0177.0.0.1", "0x7f.1", "0x7f000001", "127.1", "127.0.1", "017700000001",
        "127.0.0.01", "1.2.3.4.5", "256.0.0.1", " 127.0.0.1", "127.0.0.1 ", "[::1]", "fe80::1%eth0",
        "", "localhost",
    ])
    func rejectsNonCanonicalForms(_ text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test(arguments: ["127.0.0.1", "10.20.30.40", "::1", "2001:db8::1", "::ffff:127.0.0.1", "fe80::1:2", "::"])
    func describesCanonically(_ text: String) throws {
        #expect(try #require(IPAddress(text)).description == text)
    }
}
