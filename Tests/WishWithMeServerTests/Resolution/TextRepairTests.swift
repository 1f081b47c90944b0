import HearthCore
import Testing

@testable import WishWithMeServer

@Suite struct JSONLDTextTests {
    func parsed(_ script: String) throws -> JSONValue {
        try JSONParser().parse(JSONLDText.repaired(script))
    }

    @Test func trailingCommasAreRemovedOutsideStrings() throws {
        #expect(try parsed(#"{"a": [1, 2,], "b": "x,}",}"#) == ["a": [1, 2], "b": "x,}"])
    }

    @Test func rawLineBreaksAndTabsInStringsAreEscaped() throws {
        #expect(try parsed("{\"d\": \"one\ntwo\tthree\r\"}") == ["d": "one\ntwo three "])
    }

    @Test func commentAndCDATAWrappersAndTrailingSemicolonsAreStripped() throws {
        #expect(try parsed("<!-- {\"a\": 1} -->") == ["a": 1])
        #expect(try parsed("//<![CDATA[\n{\"a\": 1};\n//]]>") == ["a": 1])
        #expect(try parsed("\u{FEFF}  [1];  ") == [1])
    }

    @Test func escapedQuotesDoNotEndAString() throws {
        #expect(try parsed(#"{"a": "say \"hi\",]", }"#) == ["a": #"say "hi",]"#])
    }

    @Test func otherFaultsStayInvalid() {
        #expect(throws: JSONParser.Failure.self) { try parsed("{'a': 1}") }
        #expect(throws: JSONParser.Failure.self) { try parsed(#"{"a": 1"#) }
    }
}

@Suite struct HTMLEntitiesTests {
    @Test(arguments: [
        ("AT&amp;T", "AT&T"), ("It&#39;s", "It's"), ("&#x20BD;1 299", "₽1 299"), ("a&nbsp;b", "a\u{00A0}b"),
        ("&quot;Mi Home&quot;", "\"Mi Home\""), ("&laquo;Ёлка&raquo;", "«Ёлка»"), ("AT&T", "AT&T"),
        ("&unknown;", "&unknown;"), ("&#0;", "&#0;"), ("&#xD800;", "&#xD800;"), ("&amp", "&amp"), ("&&amp;", "&&"),
    ])
    func referencesDecode(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }
}

@Suite struct PageTextTests {
    @Test func whitespaceAndControlCharactersCollapse() {
        #expect(PageText.cleaned("  Чайник\n\t Xiaomi\u{00A0}\u{0007} 2  ", limit: 200) == "Чайник Xiaomi 2")
        #expect(PageText.cleaned(" \n ", limit: 200) == nil)
        #expect(PageText.cleaned(nil, limit: 200) == nil)
    }

    @Test func cutsCountCharactersNotBytes() {
        #expect(PageText.cleaned("Ёлка Ёлка", limit: 6) == "Ёлка Ё")
        #expect(PageText.cleaned("Ёлка Ёлка", limit: 5) == "Ёлка")
        #expect(PageText.cleaned("👨‍👩‍👧 family", limit: 1) == "👨‍👩‍👧")
    }

    @Test func tagsAreStrippedButLoneAngleBracketsStay() {
        #expect(PageText.cleaned(PageText.strippingTags("<p>One</p><p>Two<br/>three</p>"), limit: 100) == "One Two three")
        #expect(PageText.strippingTags("a < b > c") == "a < b > c")
        #expect(PageText.strippingTags("5 <3") == "5 <3")
    }
}
