import ChevronJSON
import ChevronTestSupport
import ChevronVarlink
import ChevronWire
import Foundation
import Testing
import VarlinkCodegen
import VarlinkIDL

/// The .varlink files are the single source of the wire types: our IDL parser reads them as PyPI
/// varlink's parser does, the committed Swift is what the generator writes now, and the
/// generated types read messages as strictly as the hand-written readers did.
struct WireGenerationTests {
    static let root = DaemonProcess.packageRoot
    static let interfaces = [
        "Sources/ChevronService/Interfaces/io.chevron.BackButton.varlink",
        "Sources/ChevronService/Interfaces/io.chevron.Service.varlink",
        "Sources/ChevronService/Interfaces/io.chevron.Text.varlink",
        "Sources/ChevronVarlink/Interfaces/org.varlink.service.varlink",
    ]

    /// A type as the witness script writes it: no spaces, `?[]string`, `(a:int,b:(x,y))`.
    static func canonical(_ type: IDLType) -> String {
        switch type {
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .object: "object"
        case .named(let name): name
        case .array(let element): "[]" + canonical(element)
        case .dictionary(let element): "[string]" + canonical(element)
        case .optional(let wrapped): "?" + canonical(wrapped)
        case .enumeration(let cases): "(" + cases.joined(separator: ",") + ")"
        case .structure(let fields):
            "(" + fields.map { "\($0.name):\(canonical($0.type))" }.joined(separator: ",") + ")"
        }
    }

    @Test(arguments: interfaces)
    func theParserReadsEachInterfaceAsPyPIVarlinkDoes(_ file: String) throws {
        let path = Self.root.appendingPathComponent(file).path
        let interface = try IDLParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        var ours = ["interface \(interface.name)"]
        ours += interface.types.map { "type \($0.name) \(Self.canonical($0.type))" }
        ours += interface.methods.map {
            "method \($0.name) \(Self.canonical(.structure($0.input))) -> \(Self.canonical(.structure($0.output)))"
        }
        ours += interface.errors.map { "error \($0.name) \(Self.canonical(.structure($0.fields)))" }
        let witness = try CLITestsRun.python(
            Self.root.appendingPathComponent("Tests/python/varlink_idl_canonical.py").path, path)
        #expect(ours.sorted() == witness.split(separator: "\n").map(String.init).sorted())
        #expect(ours.count > 3)
    }

    /// What `make wire` writes now, by the same generators (BuildTools' VarlinkCodegen), is what is
    /// committed: the wire types, docs/INTERFACES.md and the README's table.
    @Test func theCommittedWireTypesAreWhatTheGeneratorWrites() throws {
        let interfaces = try Self.interfaces.map { file in
            try IDLParser.parse(try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8))
        }
        for (file, interface) in zip(Self.interfaces.prefix(3), interfaces) {
            let url = URL(fileURLWithPath: file)
            let name = url.deletingPathExtension().lastPathComponent + ".swift"
            let committed = try String(
                contentsOf: Self.root.appendingPathComponent("Sources/ChevronWire/\(name)"), encoding: .utf8)
            let generated = SwiftGenerator(interface: interface, source: url.lastPathComponent).file()
            #expect(committed == generated, "\(name) is stale: run `make wire`")
        }
        // org.varlink.service's types belong to ChevronVarlink itself (its GetInfo and
        // GetInterfaceDescription are read and written with them).
        let committedStandard = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/ChevronVarlink/Generated/org.varlink.service.swift"),
            encoding: .utf8)
        let generatedStandard = SwiftGenerator(
            interface: interfaces[3], source: URL(fileURLWithPath: Self.interfaces[3]).lastPathComponent,
            module: "ChevronVarlink"
        ).file()
        #expect(committedStandard == generatedStandard, "org.varlink.service.swift is stale: run `make wire`")
        #expect(!committedStandard.contains("import ChevronVarlink"))
        // The README's table of interfaces, methods and errors is generated from all four.
        let committedReadme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            MarkdownGenerator(interfaces: interfaces).replacingSummary(in: committedReadme) == committedReadme,
            "README's table is stale")
        #expect(committedReadme.contains("| `io.chevron.BackButton` | `Size`, `SizeMany`, `Transition`, `Render`"))
        let reference = try String(
            contentsOf: Self.root.appendingPathComponent("docs/INTERFACES.md"), encoding: .utf8)
        #expect(
            reference == MarkdownGenerator(interfaces: Array(interfaces.prefix(3))).document(),
            "docs/INTERFACES.md is stale")
        // Every method of every interface is in the reference, with its signature.
        for interface in interfaces.prefix(3) {
            for method in interface.methods { #expect(reference.contains("#### `\(method.name)`")) }
        }
    }

    @Test func generatedTypesReadStrictlyAndNameThePath() throws {
        // A whole request, read and written back.
        let message = try JSONParser.parse(
            #"{"look": "modern", "stack": [{"title": "Inbox"}, {"title": "Detail", "backTitle": "Back"}], "scale": 2, "overflow": "generic"}"#
        )
        let request = try BackButtonInterface.SizeRequest(tree: message)
        let expected = BackButtonInterface.SizeRequest(
            look: "modern", stack: [.init(title: "Inbox"), .init(title: "Detail", backTitle: "Back")], scale: 2,
            overflow: .generic)
        #expect(request == expected)
        #expect(
            String(decoding: request.jsonBytes, as: UTF8.self)
                == #"{"look":"modern","stack":[{"title":"Inbox"},{"title":"Detail","backTitle":"Back"}],"scale":2,"overflow":"generic"}"#
        )
        // Each problem names its path, as InvalidParameter does on the wire.
        let problems: [(String, String)] = [
            (#"{"stack": [{"title": "A"}, {"title": 5}]}"#, "stack[1].title"),
            (#"{"stack": [{"title": "A", "colour": "red"}]}"#, "stack[0].colour"),
            (#"{"overflow": "squeeze"}"#, "overflow"),
            (#"{"scale": 1.5}"#, "scale"),
            (#"{"speed": 3}"#, "speed"),
        ]
        for (text, path) in problems {
            #expect(throws: VarlinkError.invalidParameter(path), "\(text)") {
                try BackButtonInterface.SizeRequest(tree: try JSONParser.parse(text))
            }
        }
        // A required field missing, inside an array of a reply.
        #expect(throws: VarlinkError.invalidParameter("results[0].index")) {
            try BackButtonInterface.SizeMany.Reply(tree: try JSONParser.parse(#"{"results": [{}]}"#))
        }
    }
}

extension WireGenerationTests {
    /// The text a generated type writes in one pass, as written out by hand here: members in
    /// declared order, optionals left out when absent, maps with sorted keys, strings escaped
    /// (RFC 8259). `JSONValue`'s own writer, given that text parsed, writes it back byte for byte
    /// (two writers, one text), and Foundation reads it.
    @Test func generatedTextIsTheTextWrittenByHand() throws {
        let layout = BackButtonInterface.Layout(
            look: "classic", width: 68, height: 30, titleFrame: .init(x: 12.5, y: 7, width: 48.25, height: 15),
            displayedTitle: "Back \"home\"\n\u{1}", titleSource: .backTitle, truncated: false,
            capInsets: .init(left: 14, right: 5), titleInsets: .init(left: 12, right: 6),
            hitRect: .init(x: 0, y: -7, width: 68, height: 44), direction: .rtl,
            font: .init(
                family: "Nimbus Sans", style: "Bold", file: "/f.otf", size: 12, requested: "Helvetica:bold",
                substituted: false), textWidth: 47.34375, missingGlyphs: 0)
        let look = BackButtonInterface.LookSummary(name: "x", summary: "y", animated: true, builtIn: false)
        let statistics = ServiceInterface.GetFingerprint.Reply(
            fingerprint: "ab", parts: .init(fonts: "1", fontconfig: "2", libraries: "3", looks: "4"), faces: 3,
            fontFiles: 2, configurationFiles: 1, libraries: ["harfbuzz": "8.3.0", "cairo": "1.18.0"], looks: ["a"],
            generation: 1, seconds: 0.25)
        let expected = [
            #"{"look":"classic","width":68,"height":30,"titleFrame":{"x":12.5,"y":7,"width":48.25,"height":15},"#
                + #""displayedTitle":"Back \"home\"\n\u0001","titleSource":"backTitle","truncated":false,"#
                + #""capInsets":{"left":14,"right":5},"titleInsets":{"left":12,"right":6},"#
                + #""hitRect":{"x":0,"y":-7,"width":68,"height":44},"direction":"rtl","#
                + #""font":{"family":"Nimbus Sans","style":"Bold","file":"/f.otf","size":12,"#
                + #""requested":"Helvetica:bold","substituted":false},"textWidth":47.34375,"missingGlyphs":0}"#,
            // An absent optional (`file`) is left out.
            #"{"name":"x","summary":"y","animated":true,"builtIn":false}"#,
            #"{"fingerprint":"ab","parts":{"fonts":"1","fontconfig":"2","libraries":"3","looks":"4"},"faces":3,"#
                + #""fontFiles":2,"configurationFiles":1,"libraries":{"cairo":"1.18.0","harfbuzz":"8.3.0"},"#
                + #""looks":["a"],"generation":1,"seconds":0.25}"#,
        ]
        for (bytes, text) in zip([layout.jsonBytes, look.jsonBytes, statistics.jsonBytes], expected) {
            #expect(String(decoding: bytes, as: UTF8.self) == text)
            let tree = try bytes.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
            #expect(tree.jsonText == text)
            #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is NSDictionary)
        }
    }
}

/// Runs a Python witness script and returns its standard output.
enum CLITestsRun {
    static func python(_ script: String, _ argument: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, argument]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}
