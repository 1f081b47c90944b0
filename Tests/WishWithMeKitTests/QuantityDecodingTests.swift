import HearthCore
import Testing
import WishWithMeKit

/// Spec §4.7/§7.3: `quantity` is an integer ≥ 1; legacy data holds booleans (`true` → 1).
struct QuantityDecodingTests {
    static let cases: [(JSONValue, Int)] = [
        (true, 1), (false, 1), (3, 3), (2.0, 2), (2.5, 1), (0, 1), (-4, 1), ("2", 1), (nil, 1),
    ]

    @Test(arguments: cases)
    func itemQuantityIsReadLeniently(_ wire: JSONValue, _ expected: Int) throws {
        let json = try WireCoding.setting("quantity", to: wire, in: SpecFixtures.resolvedItem)
        #expect(try WireCoding.decode(WishlistItem.self, json).quantity == expected)
    }

    @Test(arguments: cases)
    func markQuantityIsReadLeniently(_ wire: JSONValue, _ expected: Int) throws {
        let json = try WireCoding.setting("quantity", to: wire, in: SpecFixtures.mark)
        #expect(try WireCoding.decode(Mark.self, json).quantity == expected)
    }

    @Test func legacyBooleanQuantityIsWrittenBackAsInteger() throws {
        let item = try WireCoding.decode(WishlistItem.self, SpecFixtures.legacyItem)
        #expect(item.quantity == 1)
        #expect(try WireCoding.members(item)["quantity"] == .int(1))
    }
}
