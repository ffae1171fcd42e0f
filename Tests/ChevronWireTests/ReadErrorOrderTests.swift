import ChevronJSON
import ChevronVarlink
import ChevronWire
import Testing

/// The one reader goes through the text once, in the order the members come, yet names the
/// error a reader taking the fields in their declared order names: the first declared field that
/// is missing or not of its type, then (strict) the first member the type does not declare.
struct ReadErrorOrderTests {
    typealias Face = TextInterface.Face

    /// The `InvalidParameter` a call with these parameters gets, or nil when they read.
    static func error<T: WireStruct>(_ type: T.Type, _ text: String) -> String? {
        let call = VarlinkCall(method: "io.chevron.Text.ResolveFont", parametersText: Array(text.utf8))
        do {
            _ = try call.read(type)
            return nil
        } catch {
            guard case .string(let parameter)? = error.parameters["parameter"] else { return "?" }
            return parameter
        }
    }

    @Test(arguments: [
        // A later field's error comes first in the text; the earlier declared field's is named.
        (#"{"index":"x","family":1}"#, "family"),
        // A missing field is named before an undeclared member that comes first.
        (#"{"bogus":1,"style":"s","file":"f","index":1}"#, "family"),
        // A declared field that does not fit is named before an undeclared member.
        (#"{"family":"a","style":"s","file":"f","index":1,"bogus":1,"variations":2}"#, "variations"),
        (#"{"family":"a","style":"s","file":"f","index":1,"bogus":1,"other":2}"#, "bogus"),
        // An optional field's error before a later required field that is missing.
        (#"{"family":"a","variations":false}"#, "style"),
        (#"{"family":"a","style":"s","file":"f","variations":false}"#, "index"),
        (#"{"family":"a","style":"s","file":"f","index":1.5}"#, "index"),
        (#"{"family":"a","style":"s","file":"f","index":null}"#, "index"),
        (#"{"family":"a","style":"s","file":"f","index":1,"variations":null}"#, nil),
    ] as [(String, String?)])
    func theFirstDeclaredFieldIsNamed(_ text: String, _ parameter: String?) {
        #expect(Self.error(Face.self, text) == parameter, "\(text)")
    }

    @Test func pathsNameElementsAndNestedFields() {
        typealias Request = BackButtonInterface.SizeRequest
        #expect(Self.error(Request.self, #"{"stack":[{"title":"a"},{"title":"b","x":1}]}"#) == "stack[1].x")
        #expect(Self.error(Request.self, #"{"stack":[{"title":"a"},{"title":3}],"title":4}"#) == "title")
        #expect(Self.error(Request.self, #"{"stack":[{"title":"a"},{"title":3}],"scale":2.5}"#) == "stack[1].title")
        #expect(Self.error(Request.self, #"{"stack":{"title":"a"}}"#) == "stack")
        #expect(Self.error(Request.self, #"{"overflow":"squash"}"#) == "overflow")
    }

    @Test func lenientReadsSkipUndeclaredMembersAndTextThatIsNotJSONIsNoParameter() throws {
        let text = Array(#"{"family":"a","future":{"x":[1,2]},"style":"s","file":"f","index":1}"#.utf8)
        #expect(try Face(json: text, strict: false) == Face(family: "a", style: "s", file: "f", index: 1))
        #expect(throws: WireReadError.invalid("future")) { try Face(json: text, strict: true) }
        do {
            _ = try Face(json: Array(#"{"index":"x","family":1,"#.utf8), strict: true)
            Issue.record("text that is not JSON was read")
        } catch {
            #expect(error.isSyntax)
        }
    }

    @Test func aTreeIsReadByTheSameReader() {
        #expect(throws: VarlinkError.invalidParameter("parameters")) { try Face(tree: .string("x")) }
        #expect(throws: VarlinkError.invalidParameter("family")) { try Face(tree: ["index": "x", "family": 1]) }
        #expect(throws: VarlinkError.invalidParameter("requests[3].index")) {
            try Face(tree: ["family": "a", "style": "s", "file": "f", "index": 0.5], path: "requests[3]")
        }
    }

    @Test func aCallsParametersAreReadInThePassThatReadsItsFrame() throws {
        typealias Request = BackButtonInterface.SizeRequest
        func call(_ text: String, _ reader: VarlinkParametersReader?) throws -> VarlinkCall {
            try Array(text.utf8).withUnsafeBytes { bytes in try VarlinkCall.read(frame: bytes, readers: { _ in reader }) }
        }
        let good = #"{"method":"io.chevron.BackButton.Size","parameters":{"title":"Back","scale":2}}"#
        // A reader that answers otherwise shows the method is given what the frame's pass read.
        let marked = try call(good) { (reader: inout JSONReader) throws(WireReadError) -> any Sendable in
            var request = try Request(reading: &reader, strict: true)
            request.title = "read with the frame"
            return request
        }
        #expect(try marked.read(Request.self).title == "read with the frame")
        #expect(marked.parametersText == Array(#"{"title":"Back","scale":2}"#.utf8))
        let plain = try call(good, BackButtonInterface.parametersReaders[BackButtonInterface.Size.name])
        #expect(try plain.read(Request.self) == Request(title: "Back", scale: 2))
        // Parameters that do not read are kept as text and read by the method, which names the field.
        let wrong = #"{"method":"io.chevron.BackButton.Size","parameters":{"stack":[{"title":3}]}}"#
        let kept = try call(wrong, BackButtonInterface.parametersReaders[BackButtonInterface.Size.name])
        #expect(kept.parametersText == Array(#"{"stack":[{"title":3}]}"#.utf8))
        #expect(throws: VarlinkError.invalidParameter("stack[0].title")) { try kept.read(Request.self) }
        // The parameters before the method: read as text, as before.
        let late = try call(
            #"{"parameters":{"title":"Back"},"method":"io.chevron.BackButton.Size"}"#,
            BackButtonInterface.parametersReaders[BackButtonInterface.Size.name])
        #expect(try late.read(Request.self) == Request(title: "Back"))
    }
}
