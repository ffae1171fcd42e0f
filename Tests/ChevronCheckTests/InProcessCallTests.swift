import ChevronClient
import ChevronInProcess
import ChevronVarlink
import Testing

/// Calls to the service in this process go as values, not text: their answers and errors are the
/// ones the same call gets as text, which is what chevrond reads from its socket.
struct InProcessCallTests {
    private var transport: any VarlinkTransport { CheckHarness.client.transport }

    /// The replies to a call whose parameters are `text`, read back from their wire form.
    private func answerAsText(_ method: String, _ text: String) async throws -> [VarlinkReply] {
        try await transport.call(VarlinkCall(method: method, parametersText: Array(text.utf8)))
    }

    @Test func aSizeManyAsValuesAnswersWhatItsTextDoes() async throws {
        let requests = [
            SizeParameters(look: "classic", title: "Settings"),
            SizeParameters(look: "classic", title: "a\u{0}b"),
            SizeParameters(look: "modern", title: "Réglages du compte", maxWidth: 40, language: "fr"),
            SizeParameters(look: "nonesuch", title: "Inbox"),
        ]
        let results = try await CheckHarness.client.sizeMany(requests)
        let text = #"""
            {"requests":[{"look":"classic","title":"Settings"},{"look":"classic","title":"a\u0000b"},\#
            {"look":"modern","title":"Réglages du compte","maxWidth":40,"language":"fr"},\#
            {"look":"nonesuch","title":"Inbox"}]}
            """#
        let replies = try await answerAsText(BackButtonInterface.SizeMany.name, text)
        let expected = try BackButtonInterface.SizeMany.Reply(
            json: try #require(replies.first?.parametersText), strict: true)
        #expect(results == expected.results)
        // The NUL is refused by name, as the wire's reader refuses it.
        #expect(results[1].failure?.error == "org.varlink.service.InvalidParameter")
        #expect(results[1].failure?.parameter == "requests[1].title")
    }

    @Test func aRefusedValueIsTheErrorItsTextGets() async throws {
        let thrown = await #expect(throws: ChevronClientError.self) {
            try await CheckHarness.client.size(SizeParameters(look: "classic", title: "a\u{0}b"))
        }
        let replies = try await answerAsText(
            BackButtonInterface.Size.name, #"{"look":"classic","title":"a\u0000b"}"#)
        #expect(replies.count == 1)
        #expect(thrown?.error?.name == "org.varlink.service.InvalidParameter")
        #expect(thrown?.error?.name == replies.first?.error)
        #expect(thrown?.error?.parameters == replies.first?.parameters)
    }
}
