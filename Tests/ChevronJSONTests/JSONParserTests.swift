import ChevronJSON
import Foundation
import Testing

/// The strict parser against Foundation's JSONSerialization (an independent parser) and RFC 8259.
struct JSONParserTests {
    @Test func agreesWithFoundationOnWellFormedMessages() throws {
        let texts = [
            #"{"method":"io.chevron.Text.MeasureText","parameters":{"text":"Settings","font":{"size":12.5}}}"#,
            #"{"a":[1,-2,3.25,1e3,-0.5E-2,true,false,null],"b":{"c":"\u00e9\u6f22\ud83d\ude00 \" \\ \/ \n"}}"#,
            #"  {"empty": {}, "list": [] }  "#,
        ]
        for text in texts {
            let ours = try JSONParser.parse(text)
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(Self.same(ours, foundation), "\(text)")
        }
    }

    @Test func encodingReadsBackTheSameValue() throws {
        let value: JSONValue = [
            "title": "Réglages\u{0}\u{1F}\"\\", "width": 47.34, "count": 3, "flags": [true, false, .null],
        ]
        let text = value.jsonText
        #expect(text.contains(#""count":3"#))
        #expect(text.contains(#"\u0000\u001f"#))
        #expect(try JSONParser.parse(text) == value)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(Self.same(value, foundation))
    }

    @Test func numbersPrintAsFoundationReadsThem() throws {
        let numbers: [Double] = [0, -1, 7, 1_234_567_890_123, -9_007_199_254_740_991, 47.34, -0.5, 1e-7, 3e300]
        let text = JSONValue.array(numbers.map(JSONValue.number)).jsonText
        #expect(text.hasPrefix("[0,-1,7,1234567890123,-9007199254740991,47.34,-0.5,"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [NSNumber])
        #expect(parsed.map(\.doubleValue) == numbers)
    }

    @Test(arguments: [
        (#"{"a":1"#, "expected , or }"),
        (#"{"a":1}x"#, "unexpected bytes after"),
        (#"{"a":"\ud800"}"#, "unpaired surrogate"),
        (#"{"a":"\udc00x"}"#, "unpaired surrogate"),
        (#"{"a":"\ud800\u0041"}"#, "unpaired surrogate"),
        (#"{"a":1,"a":2}"#, "duplicate key"),
        (#"{"a":01}"#, "expected , or }"),
        (#"{"a":1.}"#, "digits after the decimal point"),
        (#"{"a":1e999}"#, "out of range"),
        (#"{'a':1}"#, "expected a string key"),
        (#"{"a":tru}"#, "invalid literal"),
        (#"{"a":"\x"}"#, "invalid escape"),
        ("{\"a\":\"tab\there\"}", "raw control character"),
    ])
    func refusesMalformedJSONWithAReason(text: String, reason: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.reason.contains(reason), "\(text): \(error)")
        }
    }

    /// Strings are scanned eight bytes at a time until a quote, backslash or control character:
    /// wherever such a byte, or a non-ASCII one, falls in a word, the string reads as Foundation
    /// reads it, and a raw control character or a byte that is not UTF-8 is refused (RFC 8259).
    @Test func aStringReadsTheSameWhereverItsSpecialBytesFall() throws {
        let valid = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "设", "😀", "\u{7F}", #"\/"#]
        for piece in valid {
            for position in 0...20 {
                let ascii = String(repeating: "abcdefgh", count: 4)
                let inner =
                    String(ascii.prefix(position)) + piece + String(ascii.dropFirst(position).prefix(24 - position))
                let text = #"{"s":""# + inner + #"","t":"tail"}"#
                let ours = try JSONParser.parse(text)
                let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
                #expect(Self.same(ours, foundation), "\(piece) at \(position)")
            }
        }
        for position in 0...20 {
            let before = Array(repeating: UInt8(ascii: "x"), count: position)
            let after = Array(repeating: UInt8(ascii: "y"), count: 20 - position)
            for bad in [[UInt8(0x09)], [UInt8(0x1F)], [UInt8(0x00)], [UInt8(0xC3), 0x28], [UInt8(0xFF)]] {
                let bytes = Array(#"{"s":""#.utf8) + before + bad + after + Array(#""}"#.utf8)
                let result = bytes.withUnsafeBytes { buffer in
                    Result { () throws(JSONParseError) in try JSONParser.parse(buffer) }
                }
                guard case .failure(let failure) = result else {
                    Issue.record("\(bad) at \(position) was accepted")
                    continue
                }
                let expected = bad[0] < 0x20 ? "raw control character" : "not valid UTF-8"
                #expect(failure.reason.contains(expected), "\(bad) at \(position): \(failure.reason)")
            }
        }
    }

    @Test func refusesInvalidUTF8() {
        let bytes: [UInt8] = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(Foundation.JSONSerialization.isValidJSONObject([String: Any]()))  // Foundation loaded
        let error = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try JSONParser.parse(buffer) }
        }
        guard case .failure(let failure) = error else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(failure.reason == "a string is not valid UTF-8")
        #expect(failure.offset == 6)
    }

    @Test func stopsAtTheDepthLimitWithoutRecursingFurther() throws {
        let limit = JSONParser.defaultMaximumDepth
        let fits = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try JSONParser.parse(fits)
        // A hundred thousand levels: refused at level limit + 1, long before the stack runs out.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("deep nesting was accepted")
        } catch {
            #expect(error.offset == limit)
            #expect(error.reason.contains("deeper than \(limit)"))
        }
    }

    /// Whether our value and Foundation's object are the same JSON.
    static func same(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag):
            guard let number = object as? NSNumber else { return false }
            return number.boolValue == flag
        case .number(let number): return (object as? NSNumber)?.doubleValue == number
        case .string(let string): return object as? String == string
        case .array(let values):
            guard let objects = object as? [Any], objects.count == values.count else { return false }
            return zip(values, objects).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else { return false }
            return members.allSatisfy { member in dictionary[member.key].map { same(member.value, $0) } ?? false }
        }
    }

    /// Numbers are read to the same bits as the standard library's `Double(String)` reads them,
    /// whether the parser takes its short-decimal path (≤ 15 digits, no exponent) or not.
    @Test func numbersAreTheBitsDoubleParsingGives() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "0.1", "-0.0", "136.4794921875", "123456789012345", "1234567890123456", "0.000000000000001",
            "9007199254740993", "1e3", "2.5E-3", "-12.5", "0.30000000000000004", "999999999999999.9",
            "72222222222222222778.1", "-184467440737095516150",  // digits past UInt64 (a fuzz find)
        ]
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...25, using: &generator)
            var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
            let point = Int.random(in: 0...digits.count, using: &generator)
            var text =
                point == digits.count
                ? digits
                : String(digits.prefix(point == 0 ? 1 : point)) + "." + digits.dropFirst(point == 0 ? 1 : point)
            if text.hasSuffix(".") { text.removeLast() }
            if Bool.random(using: &generator) { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            let expected = try #require(Double(text), "\(text)")
            guard case .number(let parsed) = try JSONParser.parse(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
