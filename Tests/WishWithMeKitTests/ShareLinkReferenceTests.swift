import Testing
import WishWithMeKit

/// Pasted share links and bare tokens (spec §1.1, §5.1).
struct ShareLinkReferenceTests {
    static let token = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY"

    @Test(arguments: [
        "https://wishwith.me/s/\(token)", "https://wishwith.me/s/\(token)/", "https://wishwith.me/s/\(token)?utm=tg",
        "https://wishwith.me/s/\(token)/?ref=1#top", "https://hearth.example.org:8443/s/\(token)",
        "HTTPS://WishWith.me/s/\(token)", "http://localhost:9000/s/\(token)", "wishwithme://s/\(token)",
        "wishwithme://s/\(token)/", "  \(token)\n", token,
    ])
    func linkFormsYieldTheToken(_ input: String) throws {
        #expect(try ShareLinkReference(parsing: input).token == Self.token)
    }

    @Test func shorterAndLongerAlphanumericTokensAreAccepted() throws {
        #expect(try ShareLinkReference(parsing: "abcd1234").token == "abcd1234")
        let long = String(repeating: "Z9", count: 32)
        #expect(try ShareLinkReference(parsing: "https://wishwith.me/s/\(long)").token == long)
    }

    @Test(arguments: [
        ("", ShareLinkReferenceError.empty), ("   ", .empty), ("abc123", .malformedToken),
        (String(repeating: "a", count: 65), .malformedToken), ("aB3dE5fG7hJ9-kL1mN3", .malformedToken),
        ("tökenтокен12", .malformedToken), ("https://wishwith.me/s/short", .malformedToken),
        ("https://wishwith.me/s/\(token)!", .malformedToken), ("https://wishwith.me/w/\(token)", .notAShareLink),
        ("https://wishwith.me/s/\(token)/extra", .notAShareLink), ("https://wishwith.me/s/", .notAShareLink),
        ("https://wishwith.me", .notAShareLink), ("ftp://wishwith.me/s/\(token)", .notAShareLink),
        ("wishwithme://auth/callback", .notAShareLink), ("https://evil.example/x/s/\(token)", .notAShareLink),
    ])
    func otherInputIsRejectedWithAReason(_ input: String, _ expected: ShareLinkReferenceError) {
        #expect(throws: expected) { try ShareLinkReference(parsing: input) }
    }

    @Test func shareURLRebuildsTheWebLink() throws {
        let reference = try ShareLinkReference(parsing: "wishwithme://s/\(Self.token)")
        #expect(reference.shareURL() == "https://wishwith.me/s/\(Self.token)")
        #expect(reference.shareURL(webBase: "https://hearth.example/") == "https://hearth.example/s/\(Self.token)")
    }
}
