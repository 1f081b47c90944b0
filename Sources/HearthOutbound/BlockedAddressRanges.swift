/// The IANA special-purpose ranges (RFC 6890 and successors) that an outbound request
/// must never reach. Order matters: the first matching entry names the category.
enum BlockedAddressRanges {
    static let ipv4: [(AddressRange, AddressCategory)] = [
        (.v4(0x0000_0000, 8), .unspecified),  // 0.0.0.0/8 ("this network")
        (.v4(0x0a00_0000, 8), .privateUse),  // 10.0.0.0/8
        (.v4(0x6440_0000, 10), .sharedAddressSpace),  // 100.64.0.0/10 (CGNAT)
        (.v4(0x7f00_0000, 8), .loopback),  // 127.0.0.0/8
        (.v4(0xa9fe_0000, 16), .linkLocal),  // 169.254.0.0/16 (cloud metadata lives here)
        (.v4(0xac10_0000, 12), .privateUse),  // 172.16.0.0/12
        (.v4(0xc000_0000, 24), .ietfProtocolAssignments),  // 192.0.0.0/24
        (.v4(0xc000_0200, 24), .documentation),  // 192.0.2.0/24 (TEST-NET-1)
        (.v4(0xc058_6300, 24), .relay6to4),  // 192.88.99.0/24
        (.v4(0xc0a8_0000, 16), .privateUse),  // 192.168.0.0/16
        (.v4(0xc612_0000, 15), .benchmarking),  // 198.18.0.0/15
        (.v4(0xc633_6400, 24), .documentation),  // 198.51.100.0/24 (TEST-NET-2)
        (.v4(0xcb00_7100, 24), .documentation),  // 203.0.113.0/24 (TEST-NET-3)
        (.v4(0xe000_0000, 4), .multicast),  // 224.0.0.0/4
        (.v4(0xffff_ffff, 32), .broadcast),  // 255.255.255.255
        (.v4(0xf000_0000, 4), .reserved),  // 240.0.0.0/4
    ]

    /// IPv6 ranges that hold no embedded IPv4 address; ::ffff:0:0/96 and 2002::/16 are
    /// handled by ``AddressClassifier`` because their verdict depends on the IPv4 inside.
    static let ipv6: [(AddressRange, AddressCategory)] = [
        (.v6(0, 0, 128), .unspecified),  // ::
        (.v6(0, 1, 128), .loopback),  // ::1
        (.v6(0, 0, 96), .ipv4Compatible),  // ::/96 (deprecated ::a.b.c.d)
        (.v6(0x0064_ff9b_0000_0000, 0, 96), .nat64),  // 64:ff9b::/96
        (.v6(0x0064_ff9b_0001_0000, 0, 48), .nat64),  // 64:ff9b:1::/48 (local-use NAT64)
        (.v6(0x0100_0000_0000_0000, 0, 64), .discardOnly),  // 100::/64
        (.v6(0x2001_0000_0000_0000, 0, 32), .teredo),  // 2001::/32
        (.v6(0x2001_0db8_0000_0000, 0, 32), .documentation),  // 2001:db8::/32
        (.v6(0x2001_0000_0000_0000, 0, 23), .ietfProtocolAssignments),  // 2001::/23
        (.v6(0x3fff_0000_0000_0000, 0, 20), .documentation),  // 3fff::/20
        (.v6(0xfc00_0000_0000_0000, 0, 7), .uniqueLocal),  // fc00::/7
        (.v6(0xfe80_0000_0000_0000, 0, 10), .linkLocal),  // fe80::/10
        (.v6(0xfec0_0000_0000_0000, 0, 10), .siteLocal),  // fec0::/10
        (.v6(0xff00_0000_0000_0000, 0, 8), .multicast),  // ff00::/8
    ]

    static let ipv4Mapped = AddressRange.v6(0, 0x0000_ffff_0000_0000, 96)  // ::ffff:0:0/96
    static let sixToFour = AddressRange.v6(0x2002_0000_0000_0000, 0, 16)  // 2002::/16
    static let globalUnicast = AddressRange.v6(0x2000_0000_0000_0000, 0, 3)  // 2000::/3
}
