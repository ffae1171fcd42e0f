import ChevronJSON
import ChevronTestSupport
import ChevronVarlink
import ChevronWire
import Foundation
import Testing

/// The one-pass readers: the envelope passes of `VarlinkReply` and `VarlinkCall` against
/// `JSONParser` on the same bytes (two separate scanners), and the generated readers
/// (`init(reading:strict:)`) against values written by hand in the tests or against Python's
/// `json` module reading the same bytes (`Tests/python/json_same.py`).
struct OnePassReadTests {
    static let corpus = DaemonProcess.packageRoot.appendingPathComponent("Fuzz/corpus/one-pass")

    static func file(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    static func tree(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBytes { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
    }

    /// reply-0.json, a Size reply of chevrond, as its fields say (read by eye from the file).
    static let reply0 = BackButtonInterface.Layout(
        look: "classic", width: 156, height: 30, titleFrame: .init(x: 12, y: 6, width: 136, height: 15),
        displayedTitle: "Settings and \"Privacy\u{2026}", titleSource: .title, truncated: true,
        capInsets: .init(left: 13, right: 29), titleInsets: .init(left: 12, right: 8),
        hitRect: .init(x: 0, y: -7, width: 156, height: 44), direction: .ltr,
        font: .init(
            family: "Nimbus Sans", style: "Bold", file: "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
            size: 12, requested: "Helvetica:bold", substituted: false),
        textWidth: 142.764, missingGlyphs: 0)

    /// What Python's `json` module finds different between each original text and the text the
    /// value read from it writes (one line per member; empty when they are the same JSON).
    /// With `parameters`, an original is a whole message and its `parameters` are compared.
    static func pythonDifferences(_ pairs: [(original: [UInt8], written: [UInt8])], parameters: Bool = false) throws
        -> String
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-same-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = [DaemonProcess.packageRoot.appendingPathComponent("Tests/python/json_same.py").path]
        if parameters { arguments.append("--parameters") }
        for (index, pair) in pairs.enumerated() {
            for (name, bytes) in [("original", pair.original), ("written", pair.written)] {
                let url = directory.appendingPathComponent("\(index)-\(name).json")
                try Data(bytes).write(to: url)
                arguments.append(url.path)
            }
        }
        return try #require(try ExternalTools.run("python3", arguments), "json_same.py failed")
    }

    @Test func realRepliesReadAsPythonsJSONReadsThem() throws {
        // reply-0 a Size (a title with a quote and an ellipsis), 1 a SizeMany with a failure and
        // an Arabic title, 2 a MeasureText with emoji and CJK, 3 a DescribeLook.
        var pairs: [(original: [UInt8], written: [UInt8])] = []
        for index in 0...3 {
            let frame = try Self.file("reply-\(index).json")
            let fast = try #require(frame.withUnsafeBytes { VarlinkReply(frame: $0) }, "reply-\(index)")
            // The envelope pass against JSONParser's parse of the whole frame.
            let slow = try VarlinkReply(message: try Self.tree(frame))
            #expect(fast.error == nil && slow.error == nil && fast.continues == slow.continues)
            let text = try #require(fast.parametersText, "reply-\(index): the parameters were not kept as text")
            #expect(try fast.parsedParameters() == slow.parameters)
            // The generated reader, written back: the same JSON, member for member, to Python.
            func written<T: WireStruct>(_ type: T.Type) throws -> [UInt8] {
                try #require(try? T(json: text, strict: false), "reply-\(index) as \(type)").jsonBytes
            }
            switch index {
            case 0: pairs.append((frame, try written(BackButtonInterface.Layout.self)))
            case 1: pairs.append((frame, try written(BackButtonInterface.SizeMany.Reply.self)))
            case 2: pairs.append((frame, try written(TextInterface.MeasureText.Reply.self)))
            default: pairs.append((frame, try written(BackButtonInterface.DescribeLook.Reply.self)))
            }
        }
        #expect(try Self.pythonDifferences(pairs, parameters: true) == "")
        // And reply-0 field by field, as written above.
        let text = try #require(try Self.file("reply-0.json").withUnsafeBytes { VarlinkReply(frame: $0) }?.parametersText)
        #expect(try BackButtonInterface.Layout(json: text, strict: true) == Self.reply0)
    }

    @Test func anErrorReplyAndAContinuedReplyKeepTheirEnvelope() throws {
        let error = try Self.file("reply-4.json")
        let fast = try #require(error.withUnsafeBytes { VarlinkReply(frame: $0) })
        #expect(fast.error == "org.varlink.service.InvalidParameter")
        #expect(try fast.parsedParameters() == .members(["parameter": .string("title")]))
        let continued = try Self.file("reply-5.json")
        #expect(continued.withUnsafeBytes { VarlinkReply(frame: $0) }?.continues == true)
    }

    @Test func aPlainReplysFrameIsReadStraightIntoItsTypeAndAnythingElseIsLeftToTheSlowWay() throws {
        func direct<T: WireStruct>(_ frame: [UInt8], _ type: T.Type) -> T? {
            frame.withUnsafeBytes { VarlinkReply.parameters(ofFrame: $0, as: type) }
        }
        // Real replies (see above): reply-0 is the Layout written out above; reply-1, written
        // back, is what Python's json reads in the frame's parameters.
        #expect(direct(try Self.file("reply-0.json"), BackButtonInterface.Layout.self) == Self.reply0)
        let many = try Self.file("reply-1.json")
        let read = try #require(direct(many, BackButtonInterface.SizeMany.Reply.self))
        #expect(read.results.count == 3)
        #expect(try Self.pythonDifferences([(many, read.jsonBytes)], parameters: true) == "")
        // An error reply, a reply that continues: not read here.
        #expect(direct(try Self.file("reply-4.json"), BackButtonInterface.Layout.self) == nil)
        #expect(direct(try Self.file("reply-5.json"), BackButtonInterface.SizeMany.Reply.self) == nil)
        // The envelope around parameters that read: "continues": false is plain, the rest is not.
        let parameters = #"{"results":[]}"#
        #expect(
            direct(
                Array(#"{"continues":false,"parameters":\#(parameters)}"#.utf8), BackButtonInterface.SizeMany.Reply.self
            )
                == BackButtonInterface.SizeMany.Reply(results: []))
        for frame in [
            #"{}"#, #"{"parameters":\#(parameters),"continues":true}"#,
            #"{"parameters":\#(parameters),"error":"io.chevron.Text.TextTooLong"}"#,
            #"{"parameters":\#(parameters),"parameters":\#(parameters)}"#, #"{"parameters":\#(parameters)} x"#,
            #"{"parameters":{"results":"none"}}"#, #"{"parameters":\#(parameters),"extra":1}"#,
        ] {
            #expect(direct(Array(frame.utf8), BackButtonInterface.SizeMany.Reply.self) == nil, "\(frame)")
        }
    }

    /// Size parameters a call must not get through, each with the `parameter` of the
    /// `org.varlink.service.InvalidParameter` error it gets: the field that is wrong, or
    /// "parameters" when the text is not JSON.
    static let refused: [(String, String)] = [
        (#"{"title":"a","title":"b"}"#, "parameters"),  // a duplicate key: refused as JSONParser refuses it
        (#"{"title":"a","colour":"red"}"#, "colour"),  // an unknown field, strictly
        (#"{"title":7}"#, "title"),  // a wrong type
        (#"{"title":"a\u0000b"}"#, "title"),  // NUL in a string: JSON, but no Varlink string
        (#"{"title":"a"} x"#, "parameters"),  // bytes after the value
        (#"{"title":"a""#, "parameters"),  // cut short
        (#"{"scale":2.5,"title":"a"}"#, "scale"),  // an int with a fraction
        (#"{"overflow":"squash","title":"a"}"#, "overflow"),  // not a case of the enum
        (#"{"stack":[{"title":"a"},{"title":"b","x":1}]}"#, "stack[1].x"),  // an unknown field, nested
        (#"{"title":"\ud800"}"#, "parameters"),  // a lone surrogate: not JSON (RFC 8259 §8.2)
    ]

    @Test(arguments: refused)
    func refusedParametersNameTheFieldAsTheWireDoes(_ text: String, _ parameter: String) throws {
        let call = VarlinkCall(method: "io.chevron.BackButton.Size", parametersText: Array(text.utf8))
        #expect(throws: VarlinkError.invalidParameter(parameter), "\(text)") {
            try call.read(BackButtonInterface.SizeRequest.self)
        }
    }

    @Test func leniencyIgnoresUnknownFieldsButNotDuplicates() throws {
        let unknown = Array(#"{"future":{"a":[1,{"b":null}]},"title":"Back","look":"classic"}"#.utf8)
        let read = (try? BackButtonInterface.SizeRequest(json: unknown, strict: false))
        #expect(read == BackButtonInterface.SizeRequest(look: "classic", title: "Back"))
        let twice = Array(#"{"future":1,"future":2,"title":"Back"}"#.utf8)
        #expect((try? BackButtonInterface.SizeRequest(json: twice, strict: false)) == nil)
    }

    @Test func everyCorpusInputAgreesWithTheParserAndPython() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count >= 10)
        var requests: [(original: [UInt8], written: [UInt8])] = []
        for name in names {
            let bytes = try Self.file(name)
            let tree = try? Self.tree(bytes)
            if let request = (try? BackButtonInterface.SizeRequest(json: bytes, strict: true)) {
                requests.append((bytes, request.jsonBytes))
            }
            // The envelope pass against JSONParser's parse of the whole frame.
            if let fast = bytes.withUnsafeBytes({ VarlinkReply(frame: $0) }), let tree {
                #expect(try fast.parsedParameters() == (try VarlinkReply(message: tree)).parameters, "\(name)")
            }
        }
        // request-0 reads (request-1 has a duplicate key); what it reads is what Python reads.
        #expect(!requests.isEmpty)
        #expect(try Self.pythonDifferences(requests) == "")
    }

    static let callCorpus = DaemonProcess.packageRoot.appendingPathComponent("Fuzz/corpus/calls")

    @Test func everyCorpusCallIsReadInOnePassAsTheParserReadsIt() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.callCorpus.path).sorted()
        #expect(names.count >= 18)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.callCorpus.appendingPathComponent(name)))
            let slow = try VarlinkCall(message: try Self.tree(bytes))
            let fast = try #require(bytes.withUnsafeBytes { VarlinkCall(frame: $0) }, "\(name)")
            #expect(fast.method == slow.method && fast.more == slow.more && fast.oneway == slow.oneway, "\(name)")
            if fast.parametersText != nil {
            } else if String(decoding: bytes, as: UTF8.self).contains(#""parameters""#) {
                Issue.record("\(name): the parameters were not kept as text")
            }
            #expect(fast.parameters == slow.parameters, "\(name)")
        }
    }

    /// Calls whose parameters the parser refuses, though a scan for where they end would pass
    /// them: the call pass must check them, or a method would read text that is not JSON.
    static let refusedCalls: [String] = [
        #"{"method":"io.chevron.BackButton.Size","parameters":{"title":"a","title":"b"}}"#,  // a duplicate key
        #"{"method":"io.chevron.BackButton.Size","parameters":{"title":"a\x"}}"#,  // a bad escape
        "{\"method\":\"io.chevron.BackButton.Size\",\"parameters\":{\"title\":\"a\u{1}\"}}",  // a raw control
        #"{"method":"io.chevron.BackButton.Size","parameters":{"title":"\ud800"}}"#,  // a lone surrogate
        #"{"method":"io.chevron.BackButton.Size","parameters":{"scale":01}}"#,  // a leading zero
        #"{"method":"io.chevron.BackButton.Size","parameters":{"stack":[1,]}}"#,  // a trailing comma
        #"{"method":"io.chevron.BackButton.Size","parameters":{"title":tru}}"#,  // a broken literal
        #"{"method":"io.chevron.BackButton.Size","parameters":{"a":"# + String(repeating: "[", count: 40)
            + String(repeating: "]", count: 40) + "}}",  // deeper than the parser's 32 levels
    ]

    @Test(arguments: refusedCalls)
    func aCallWhoseParametersTheParserRefusesIsNotReadInOnePass(_ text: String) throws {
        let bytes = Array(text.utf8)
        #expect((try? Self.tree(bytes)) == nil, "the parser reads \(text)")
        #expect(bytes.withUnsafeBytes { VarlinkCall(frame: $0) } == nil)
        // The daemon then parses the frame whole, which names the problem.
        #expect(throws: JSONParseError.self) { try bytes.withUnsafeBytes { try VarlinkCall.read(frame: $0) } }
    }

    /// A call whose parameters are `parameters`, as bytes.
    static func call(parameters: [UInt8]) -> [UInt8] {
        Array(#"{"method":"io.chevron.BackButton.Size","parameters":"#.utf8) + parameters + Array("}".utf8)
    }

    /// The call pass compares plain ASCII keys by their bytes and any other key as a String: it
    /// finds a duplicate exactly where the parser (which compares Strings) does.
    @Test(arguments: [
        (#"{"title":"a","look":"b"}"#, true),
        (#"{"title":"a","\u0074itle":"b"}"#, false),  // the same key, once escaped
        ("{\"Kelvin\":1,\"\u{212A}elvin\":2}", false),  // U+212A is canonically "K"
        ("{\"caf\u{E9}\":1,\"cafe\u{301}\":2}", false),  // é, composed and decomposed
        ("{\"caf\u{E9}\":1,\"cafe\":2}", true),
        (#"{"a":{"x":1},"b":{"x":2}}"#, true),  // one key in two objects
        (#"{"a":{"x":1,"x":2}}"#, false),
    ])
    func duplicateKeysAreFoundAsTheParserFindsThem(_ parameters: String, _ distinct: Bool) throws {
        let bytes = Self.call(parameters: Array(parameters.utf8))
        #expect(((try? Self.tree(bytes)) != nil) == distinct, "\(parameters)")
        #expect((bytes.withUnsafeBytes { VarlinkCall(frame: $0) } != nil) == distinct, "\(parameters)")
    }

    @Test func manyKeysAreCheckedForDuplicatesToo() throws {
        let keys = (0..<20).map { #""k\#($0)":\#($0)"# }
        let distinct = Self.call(parameters: Array(("{" + keys.joined(separator: ",") + "}").utf8))
        #expect(distinct.withUnsafeBytes { VarlinkCall(frame: $0) } != nil)
        for repeated in [#""k3":0"#, #""\u006b3":0"#] {
            let twice = Self.call(parameters: Array(("{" + (keys + [repeated]).joined(separator: ",") + "}").utf8))
            #expect((try? Self.tree(twice)) == nil)
            #expect(twice.withUnsafeBytes { VarlinkCall(frame: $0) } == nil, "\(repeated)")
        }
    }

    /// A string's bytes are checked as UTF-8 without being made into a String: the call pass
    /// takes exactly the byte sequences the standard library's `String(validating:)` takes.
    /// Every one- and two-byte sequence, and three- and four-byte ones around each lead byte's
    /// limits (surrogates, overlong forms, past U+10FFFF, cut short).
    @Test func stringBytesAreCheckedAsTheStandardLibraryChecksUTF8() throws {
        let special: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "\\")]
        let plain = (UInt8(0x20)...0xFF).filter { !special.contains($0) }
        var sequences: [[UInt8]] = plain.map { [$0] }
        for first in UInt8(0x80)...0xFF {
            for second in plain { sequences.append([first, second]) }
        }
        let leads: [UInt8] = [0xC0, 0xC1, 0xC2, 0xDF] + Array(0xE0...0xF7) + [0xFF]
        let middles = Array(UInt8(0x7F)...0xC0)
        for lead in leads {
            for second in middles {
                for third: UInt8 in [0x41, 0x80, 0xBF, 0xC0] {
                    sequences.append([lead, second, third])
                    for fourth: UInt8 in [0x41, 0x80, 0xBF] { sequences.append([lead, second, third, fourth]) }
                }
            }
        }
        var mismatches: [[UInt8]] = []
        for sequence in sequences {
            let parameters = Array(#"{"title":""#.utf8) + sequence + Array(#""}"#.utf8)
            let stdlib = String(validating: sequence, as: UTF8.self) != nil
            let onePass = Self.call(parameters: parameters).withUnsafeBytes { VarlinkCall(frame: $0) } != nil
            if stdlib != onePass { mismatches.append(sequence) }
        }
        #expect(sequences.count > 30_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { $0.map { String($0, radix: 16) } })")
    }

    @Test func callsThatAreNotPlainAreLeftToTheParser() throws {
        // null parameters and flags, an unknown member, a method name that is not qualified: the
        // slow path reads (or refuses) them, with its own errors.
        let plainEnough = #"{"method":"io.chevron.Service.GetInfo","parameters":null,"more":null}"#
        #expect(Array(plainEnough.utf8).withUnsafeBytes { VarlinkCall(frame: $0) } == nil)
        let slow = try Array(plainEnough.utf8).withUnsafeBytes { try VarlinkCall.read(frame: $0) }
        #expect(slow.parameters == .object([]) && !slow.more)
        for text in [
            #"{"method":"io.chevron.Service.GetInfo","colour":1}"#, #"{"method":"GetInfo"}"#,
            #"{"method":"io.chevron.Service.GetInfo","method":"io.chevron.Service.GetInfo"}"#,
        ] {
            #expect(Array(text.utf8).withUnsafeBytes { VarlinkCall(frame: $0) } == nil, "\(text)")
            #expect(throws: (any Error).self) {
                try Array(text.utf8).withUnsafeBytes { try VarlinkCall.read(frame: $0) }
            }
        }
    }

    @Test func aMethodReadsTextParametersInOnePassAndNamesTheFieldWhenTheyAreWrong() throws {
        let good = VarlinkCall(
            method: "io.chevron.BackButton.Size", parametersText: (Array(#"{"title":"Back","scale":2}"#.utf8)))
        #expect(try good.read(BackButtonInterface.Size.Parameters.self) == .init(title: "Back", scale: 2))
        let wrong = VarlinkCall(
            method: "io.chevron.BackButton.Size",
            parametersText: (Array(#"{"title":"Back","stack":[{"title":"a"},{"title":3}]}"#.utf8)))
        #expect(throws: VarlinkError.invalidParameter("stack[1].title")) {
            try wrong.read(BackButtonInterface.Size.Parameters.self)
        }
    }

    @Test func keysAreMatchedAsStrings() throws {
        // An escaped key names the field its characters spell.
        let escaped = Array(#"{"ti\u0074le":"Back","\u006cook":"modern"}"#.utf8)
        let read = (try? BackButtonInterface.SizeRequest(json: escaped, strict: true))
        #expect(read == BackButtonInterface.SizeRequest(look: "modern", title: "Back"))
        // U+212A KELVIN SIGN decomposes canonically to U+004B "K" (UnicodeData.txt), so Swift's
        // String comparison (JSONParser's, for duplicate keys) takes "\u{212A}elvin" for "Kelvin":
        // a key that is not plain ASCII is compared as a String, not by its bytes.
        let kelvin = Array("{\"\u{212A}elvin\":1,\"other\":2}".utf8)
        let fields = kelvin.withUnsafeBytes { bytes in
            JSONReader.read(bytes) { (reader) throws(WireReadError) in
                var first = true
                var expected = 0
                var found: [Int] = []
                try reader.beginObject()
                while let field = try reader.nextField(&first, among: ["Kelvin"], expected: &expected) {
                    found.append(field)
                    _ = try reader.int()
                }
                return found
            }
        }
        #expect(fields == [0, -1])
    }
}
