import ChevronBuiltInLooks
import ChevronLooks
import ChevronTestSupport
import ChevronText
import Testing

/// `sizesQuickly`: whether a size request is short work an event loop may do itself. Only one
/// title (no stack), in a look whose font is resolved already, with that title, the generic title
/// and the ellipsis all in the font's primary face and short.
struct QuickSizingTests {
    @Test func onlyOneShortTitleInTheLooksOpenFaceSizesQuickly() throws {
        let sizing = SizingEngine(registry: .builtIn, text: try TextEngine())
        let request = SizeRequest(look: "classic", title: "Settings")
        #expect(!sizing.sizesQuickly(request), "the look's font is not matched yet")
        _ = try sizing.size(request)
        #expect(sizing.sizesQuickly(SizeRequest(look: "classic", title: "Privacy and Security")))
        // The same font resolves every look that asks for Helvetica bold: the others too.
        #expect(sizing.sizesQuickly(SizeRequest(look: "reeder", title: "Inbox")))

        // fontconfig's charset: the classic look's face has no 设 (U+8BBE) and no 😀.
        let file = try ExternalTools.fcMatch("Helvetica:bold").file
        #expect(try !ExternalTools.filesCovering("\u{8BBE}").contains(file))
        #expect(!sizing.sizesQuickly(SizeRequest(look: "classic", title: "设置")), "a fallback face")
        #expect(!sizing.sizesQuickly(SizeRequest(look: "classic", title: "Inbox", genericTitle: "返回")))
        #expect(!sizing.sizesQuickly(SizeRequest(look: "classic", title: String(repeating: "a", count: 257))))
        #expect(
            !sizing.sizesQuickly(
                SizeRequest(look: "classic", stack: [NavigationItem(title: "Inbox"), NavigationItem(title: "Mail")])),
            "a stack")
        #expect(
            !sizing.sizesQuickly(
                SizeRequest(
                    look: "classic", title: "Inbox",
                    stack: [NavigationItem(title: "Inbox"), NavigationItem(title: "Mail")])),
            "a title and a stack (an error the look reports)")
        #expect(!sizing.sizesQuickly(SizeRequest(look: "no such look", title: "Inbox")))
        #expect(!sizing.sizesQuickly(SizeRequest(look: "classic", title: "Inbox", language: "ja")), "another match")
        #expect(!sizing.sizesQuickly(SizeRequest(look: "modern", title: "Inbox")), "SF Pro Text, never matched")
    }
}
