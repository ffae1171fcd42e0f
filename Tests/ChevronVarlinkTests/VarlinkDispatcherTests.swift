import ChevronJSON
import ChevronVarlink
import Testing

/// The dispatcher: org.varlink.service, the standard errors, oneway, more, and the counts.
struct VarlinkDispatcherTests {
    static let description = """
        # A test interface.
        interface org.example.echo

        method Echo(text: string) -> (text: string)

        method Count(to: int) -> (number: int)

        method Unimplemented() -> ()
        """

    static func service() throws -> VarlinkDispatcher {
        let interface = try VarlinkInterface(description: description)
        return VarlinkDispatcher(
            info: .init(vendor: "V", product: "P", version: "1", url: "https://example.org"), interfaces: [interface],
            methods: [
                "org.example.echo.Echo": { call, _ throws(VarlinkError) in
                    var parameters = try VarlinkParameters(call.parameters)
                    let text = try parameters.string("text")
                    try parameters.finish()
                    return .reply(["text": .string(text)])
                },
                "org.example.echo.Count": { call, _ throws(VarlinkError) in
                    var parameters = try VarlinkParameters(call.parameters)
                    let limit = try parameters.optionalInt("to") ?? 0
                    try parameters.finish()
                    guard call.more else { throw .expectedMore }
                    return .replies((1...max(1, limit)).map { ["number": .int($0)] })
                },
            ])
    }

    static func call(_ text: String) throws -> VarlinkCall { try VarlinkCall(message: try JSONParser.parse(text)) }

    @Test func getInfoAndDescriptionsComeFromTheInterfaces() throws {
        let service = try Self.service()
        let info = service.handle(
            try Self.call(#"{"method":"org.varlink.service.GetInfo"}"#), context: .init(peer: nil))
        #expect(info.count == 1)
        #expect(info[0].parameters["interfaces"] == ["org.example.echo", "org.varlink.service"])
        let description = service.handle(
            try Self.call(
                #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.echo"}}"#
            ),
            context: .init(peer: nil))
        #expect(description[0].parameters["description"] == .string(Self.description))
    }

    @Test func standardErrorsNameWhatWasNotFound() throws {
        let service = try Self.service()
        let cases: [(String, String, JSONValue)] = [
            (
                #"{"method":"org.example.nope.Echo"}"#, "org.varlink.service.InterfaceNotFound",
                ["interface": "org.example.nope"]
            ),
            (
                #"{"method":"org.example.echo.Nope"}"#, "org.varlink.service.MethodNotFound",
                ["method": "org.example.echo.Nope"]
            ),
            (
                #"{"method":"org.example.echo.Unimplemented"}"#, "org.varlink.service.MethodNotImplemented",
                ["method": "org.example.echo.Unimplemented"]
            ),
            (
                #"{"method":"org.example.echo.Echo","parameters":{}}"#, "org.varlink.service.InvalidParameter",
                ["parameter": "text"]
            ),
            (
                #"{"method":"org.example.echo.Echo","parameters":{"text":"a","x":1}}"#,
                "org.varlink.service.InvalidParameter",
                ["parameter": "x"]
            ),
            (#"{"method":"org.example.echo.Count"}"#, "org.varlink.service.ExpectedMore", [:]),
        ]
        for (text, error, parameters) in cases {
            let replies = service.handle(try Self.call(text), context: .init(peer: nil))
            #expect(replies.count == 1)
            #expect(replies[0].error == error, "\(text)")
            #expect(replies[0].parameters == parameters, "\(text)")
        }
        let counts = service.methodCounts
        #expect(counts["unknown"]?.calls == 2)
        #expect(counts["org.example.echo.Echo"]?.calls == 2)
        #expect(counts["org.example.echo.Echo"]?.errors == 2)
    }

    @Test func moreStreamsWithContinuesAndOnewayGetsNoReply() throws {
        let service = try Self.service()
        let streamed = service.handle(
            try Self.call(#"{"method":"org.example.echo.Count","parameters":{"to":3},"more":true}"#),
            context: .init(peer: nil))
        #expect(streamed.map(\.continues) == [true, true, false])
        #expect(streamed.map { $0.parameters["number"] } == [1, 2, 3])
        let oneway = service.handle(
            try Self.call(#"{"method":"org.example.echo.Echo","parameters":{"text":"hi"},"oneway":true}"#),
            context: .init(peer: nil))
        #expect(oneway.isEmpty)
        #expect(service.methodCounts["org.example.echo.Echo"]?.calls == 1)
    }

    @Test func replyFramesEndInNULAndReadBack() throws {
        let frame = VarlinkReply(parameters: ["text": "a\u{0}b"], continues: true).frame
        #expect(frame.last == 0)
        #expect(frame.dropLast().contains(0) == false)  // a NUL inside a string is escaped
        let message = try frame.dropLast().withUnsafeBytes { bytes throws(JSONParseError) in try JSONParser.parse(bytes)
        }
        let reply = try VarlinkReply(message: message)
        #expect(reply.parameters["text"] == "a\u{0}b")
        #expect(reply.continues)
    }
}
