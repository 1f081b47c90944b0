import HearthCore
import Testing

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func numbersKeepTheirKindAndBooleansStayBooleans() throws {
        let value = try parser.parse(#"{"i": 1, "d": 1.0, "e": 1e3, "t": true, "n": null, "neg": -0, "big": 9223372036854775807, "huge": 9223372036854775808}"#)
        #expect(value["i"] == .int(1))
        #expect(value["d"] == .double(1.0))
        #expect(value["e"] == .double(1000))
        #expect(value["t"] == .bool(true))
        #expect(value["i"] != .bool(true))
        #expect(value["n"] == .null)
        #expect(value["neg"] == .int(0))
        #expect(value["big"] == .int(Int64.max))
        #expect(value["huge"] == .double(9223372036854775808))
    }

    @Test func writingAndParsingAgainGivesTheSameValue() throws {
        let original: JSONValue = [
            "text": "line\nbreak \"quoted\" \u{1} é 😀", "ints": [0, -1, 42], "doubles": [0.1, 1.0, -2.5e-7, 1e300],
            "nested": ["deeper": [["x": nil]]], "flag": false,
        ]
        let text = original.serializedString()
        #expect(try parser.parse(text) == original)
        #expect(text.contains("1.0"))
    }

    @Test func keyOrderDoesNotMatterForEqualityAndOutputIsSorted() throws {
        let a = try parser.parse(#"{"b": 1, "a": [1, 2]}"#)
        let b = try parser.parse(#"{"a": [1, 2], "b": 1}"#)
        #expect(a == b)
        #expect(a.serializedString() == #"{"a":[1,2],"b":1}"#)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        #expect(try parser.parse(#""\u00e9\ud83d\ude00\/\t""#) == .string("é😀/\t"))
    }

    @Test(arguments: [
        #"{"a": 1, "a": 2}"#, "[1, 2", "{\"a\" 1}", "01", "1.", "-", "tru", "\"unterminated", "[1,]", "{} {}",
        "\"\\ud800\"", "\"\\x\"", "\"tab\there\"", "NaN", "",
    ])
    func malformedInputIsRejected(text: String) {
        #expect(throws: JSONParser.Failure.self) { try parser.parse(text) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParser.Failure.self) { try parser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func limitsOnDepthStringsAndSizeApply() throws {
        let limited = JSONParser(limits: .init(maxBytes: 100, maxDepth: 3, maxStringBytes: 5))
        #expect(try limited.parse("[[[1]]]") == [[[1]]])
        #expect(throws: JSONParser.Failure.self) { try limited.parse("[[[[1]]]]") }
        #expect(throws: JSONParser.Failure.self) { try limited.parse("\"123456\"") }
        #expect(throws: JSONParser.Failure.self) { try limited.parse("[" + String(repeating: "1,", count: 60) + "1]") }
        // Deep nesting from a hostile client never overflows the stack.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try parser.parse(deep) }
    }

    @Test func errorsSayWhere() {
        #expect { try parser.parse(#"{"a": tru}"#) } throws: { error in
            (error as? JSONParser.Failure)?.offset == 6
        }
    }
}

@Suite struct JSONValueCodingTests {
    struct Item: Codable, Equatable {
        var name: String
        var quantity: Int
        var price: Double?
        var done: Bool
        var tags: [String]
        var extra: JSONValue
    }

    @Test func codableValuesRoundTripThroughJSONValue() throws {
        let item = Item(name: "Milk", quantity: 2, price: 1.0, done: false, tags: ["dairy"], extra: ["k": [1, "two"]])
        let encoded = try JSONValueEncoder().encode(item)
        #expect(encoded["quantity"] == .int(2))
        #expect(encoded["price"] == .double(1.0))
        #expect(try JSONValueDecoder().decode(Item.self, from: encoded) == item)
        let withoutPrice = try JSONValueEncoder().encode(Item(name: "a", quantity: 1, price: nil, done: true, tags: [], extra: nil))
        #expect(withoutPrice["price"] == nil)
    }

    @Test func decodingIsStrictAboutKinds() {
        let decoder = JSONValueDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: JSONValue.int(1)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: JSONValue.double(1.5)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: JSONValue.string("1")) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: JSONValue.int(300)) }
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: JSONValue.int(1)) }
        #expect((try? decoder.decode(Double.self, from: JSONValue.int(3))) == 3)
    }

    @Test func missingFieldsAreNamedInTheError() {
        #expect {
            try JSONValueDecoder().decode(Item.self, from: ["name": "x"] as JSONValue)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "quantity"
        }
    }
}
