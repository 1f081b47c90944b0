import HearthCore
import Testing
import WishWithMeKit

/// Spec §4.7: a pulled document lacking a field the iOS app requires is skipped, so
/// decoding must throw; every other field is optional.
struct DocumentRequiredFieldsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let type: WishDocumentType
        let fixture: String
        let required: [String]
        let optional: [String]
        var testDescription: String { type.rawValue }
    }

    static let cases: [Case] = [
        Case(type: .wishlist, fixture: SpecFixtures.wishlist, required: ["_id", "owner_id", "name", "created_at"],
             optional: ["_rev", "type", "access", "updated_at", "description"]),
        Case(type: .item, fixture: SpecFixtures.resolvedItem,
             required: ["_id", "wishlist_id", "owner_id", "title", "created_at"],
             optional: ["type", "quantity", "status", "price", "currency", "access", "updated_at"]),
        Case(type: .mark, fixture: SpecFixtures.mark,
             required: ["_id", "item_id", "wishlist_id", "owner_id", "marked_by", "created_at"],
             optional: ["type", "quantity", "access"]),
        Case(type: .share, fixture: SpecFixtures.share,
             required: ["_id", "wishlist_id", "owner_id", "token", "link_type", "created_at"],
             optional: ["_rev", "expires_at", "access_count", "revoked", "granted_users", "access"]),
        Case(type: .bookmark, fixture: SpecFixtures.legacyBookmark, required: ["_id", "user_id", "share_id", "created_at"],
             optional: ["last_accessed_at", "access", "type"]),
        Case(type: .user, fixture: SpecFixtures.user, required: ["_id", "created_at"],
             optional: ["email", "name", "locale", "access", "type", "password_hash", "updated_at"]),
    ]

    static func decode(_ type: WishDocumentType, _ json: String) throws -> any WishDocument {
        switch type {
        case .wishlist: try WireCoding.decode(Wishlist.self, json)
        case .item: try WireCoding.decode(WishlistItem.self, json)
        case .mark: try WireCoding.decode(Mark.self, json)
        case .share: try WireCoding.decode(Share.self, json)
        case .bookmark: try WireCoding.decode(Bookmark.self, json)
        case .user: try WireCoding.decode(UserProfile.self, json)
        }
    }

    @Test(arguments: cases)
    func specFixtureDecodes(_ testCase: Case) throws {
        let document = try Self.decode(testCase.type, testCase.fixture)
        #expect(type(of: document).documentType == testCase.type)
        #expect(document.id.hasPrefix(testCase.type.idPrefix))
    }

    @Test(arguments: cases)
    func missingRequiredFieldRejectsDocument(_ testCase: Case) throws {
        for key in testCase.required {
            let json = try WireCoding.removing(key, from: testCase.fixture)
            #expect(throws: (any Error).self, "without \(key)") { try Self.decode(testCase.type, json) }
        }
    }

    @Test(arguments: cases)
    func nullRequiredFieldRejectsDocument(_ testCase: Case) throws {
        for key in testCase.required {
            let json = try WireCoding.setting(key, to: .null, in: testCase.fixture)
            #expect(throws: (any Error).self, "with \(key) = null") { try Self.decode(testCase.type, json) }
        }
    }

    @Test(arguments: cases)
    func missingOptionalFieldIsTolerated(_ testCase: Case) throws {
        for key in testCase.optional {
            let json = try WireCoding.removing(key, from: testCase.fixture)
            #expect(throws: Never.self, "without \(key)") { try Self.decode(testCase.type, json) }
        }
    }

    @Test(arguments: cases)
    func documentOfAnotherTypeIsRejected(_ testCase: Case) throws {
        let other: WishDocumentType = testCase.type == .item ? .mark : .item
        let json = try WireCoding.setting("type", to: .string(other.rawValue), in: testCase.fixture)
        #expect(throws: (any Error).self) { try Self.decode(testCase.type, json) }
    }
}
