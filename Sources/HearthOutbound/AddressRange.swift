/// A CIDR block: every address whose first `length` bits equal those of `base`.
struct AddressRange: Sendable {
    let base: IPAddress
    let length: Int

    static func v4(_ base: UInt32, _ length: Int) -> AddressRange {
        AddressRange(base: .v4(base), length: length)
    }

    static func v6(_ high: UInt64, _ low: UInt64 = 0, _ length: Int) -> AddressRange {
        AddressRange(base: .v6(high: high, low: low), length: length)
    }

    func contains(_ address: IPAddress) -> Bool {
        switch (base, address) {
        case (.v4(let base), .v4(let value)):
            let mask: UInt32 = length == 0 ? 0 : UInt32.max << (32 - length)
            return value & mask == base & mask
        case (.v6(let baseHigh, let baseLow), .v6(let high, let low)):
            let highMask = Self.mask(bits: min(length, 64))
            let lowMask = Self.mask(bits: max(length - 64, 0))
            return high & highMask == baseHigh & highMask && low & lowMask == baseLow & lowMask
        default:
            return false
        }
    }

    private static func mask(bits: Int) -> UInt64 {
        bits == 0 ? 0 : UInt64.max << (64 - bits)
    }
}
