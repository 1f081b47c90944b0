import Testing

@testable import HearthOutbound

struct AddressClassifierTests {
    static let blockedIPv4: [(String, AddressCategory)] = [
        ("0.0.0.0", .unspecified), ("0.255.255.255", .unspecified),
        ("10.0.0.1", .privateUse), ("10.255.255.255", .privateUse),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback),
        ("169.254.0.1", .linkLocal), ("169.254.169.254", .linkLocal),
        ("172.16.0.1", .privateUse), ("172.31.255.255", .privateUse),
        ("192.0.0.8", .ietfProtocolAssignments), ("192.0.0.255", .ietfProtocolAssignments),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.9", .documentation),
        ("192.88.99.1", .relay6to4),
        ("192.168.0.1", .privateUse), ("192.168.255.255", .privateUse),
        ("198.18.0.1", .benchmarking), ("198.19.255.255", .benchmarking),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast),
        ("240.0.0.1", .reserved), ("255.255.255.254", .reserved),
        ("255.255.255.255", .broadcast),
    ]

    /// Public addresses, many of them one step outside a blocked range.
    static let globalIPv4 = [
        "1.1.1.1", "8.8.8.8", "93.184.216.34", "1.0.0.0", "9.255.255.255", "11.0.0.0",
        "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0", "169.253.255.255",
        "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.255", "192.0.3.0",
        "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "198.51.99.255",
        "198.51.101.0", "203.0.112.255", "203.0.114.0", "223.255.255.255",
    ]

    static let blockedIPv6: [(String, AddressCategory)] = [
        ("::", .unspecified), ("::1", .loopback), ("::127.0.0.1", .ipv4Compatible),
        ("fc00::1", .uniqueLocal), ("fd12:3456:789a::1", .uniqueLocal),
        ("fe80::1", .linkLocal), ("febf:ffff::1", .linkLocal), ("fec0::1", .siteLocal),
        ("ff02::1", .multicast), ("ff0e::101", .multicast),
        ("64:ff9b::808:808", .nat64), ("64:ff9b::7f00:1", .nat64), ("64:ff9b:1::a00:1", .nat64),
        ("100::1", .discardOnly),
        ("2001::1", .teredo), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", .teredo),
        ("2001:db8::1", .documentation), ("2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", .documentation),
        ("3fff::1", .documentation), ("2001:2::1", .ietfProtocolAssignments), ("2001:1ff::1", .ietfProtocolAssignments),
        ("1::1", .notGlobalUnicast), ("4000::1", .notGlobalUnicast), ("e000::1", .notGlobalUnicast),
    ]

    static let globalIPv6 = [
        "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:80b::200e",
        "2001:200::1", "2001:db7:ffff::1", "2001:db9::1", "2002:808:808::1", "::ffff:8.8.8.8",
        "2000::1", "3ffe:ffff::1",
    ]

    /// IPv4-mapped and 6to4 addresses are judged by the IPv4 address inside them.
    static let embeddedIPv4: [(String, AddressCategory)] = [
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.1.2.3", .privateUse),
        ("::ffff:169.254.169.254", .linkLocal), ("::ffff:0.0.0.0", .unspecified),
        ("::ffff:100.64.0.1", .sharedAddressSpace), ("::ffff:224.0.0.1", .multicast),
        ("2002:7f00:1::", .loopback), ("2002:a00:1::1", .privateUse), ("2002:a9fe:a9fe::1", .linkLocal),
        ("2002:c0a8:101::1", .privateUse), ("2002:ac10:1::1", .privateUse), ("2002::1", .unspecified),
    ]

    @Test(arguments: blockedIPv4 + blockedIPv6 + embeddedIPv4)
    func blocksSpecialPurposeAddress(_ text: String, expected: AddressCategory) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressClassifier.blockedCategory(of: address) == expected)
        #expect(!AddressClassifier.isGloballyRoutable(address))
    }

    @Test(arguments: globalIPv4 + globalIPv6)
    func allowsGlobalAddress(_ text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressClassifier.blockedCategory(of: address) == nil)
    }

    @Test func everyCategoryIsExercised() {
        let used = Set((Self.blockedIPv4 + Self.blockedIPv6 + Self.embeddedIPv4).map(\.1))
        #expect(used == Set(AddressCategory.allCases))
    }

    @Test func anyBlockedAddressBlocksTheHost() throws {
        let public1 = try #require(IPAddress("93.184.216.34"))
        let public2 = try #require(IPAddress("2606:4700:4700::1111"))
        let metadata = try #require(IPAddress("169.254.169.254"))

        #expect(try OutboundFetcher.choose(from: [public1, public2], host: "shop.example", allowListed: false) == public1)
        #expect(throws: OutboundError.blockedAddress(host: "shop.example")) {
            try OutboundFetcher.choose(from: [public1, metadata], host: "shop.example", allowListed: false)
        }
        #expect(throws: OutboundError.blockedAddress(host: "shop.example")) {
            try OutboundFetcher.choose(from: [public2, public1, metadata], host: "shop.example", allowListed: false)
        }
        #expect(throws: OutboundError.unresolvableHost) {
            try OutboundFetcher.choose(from: [], host: "shop.example", allowListed: false)
        }
        #expect(try OutboundFetcher.choose(from: [metadata], host: "test.example", allowListed: true) == metadata)
    }
}
