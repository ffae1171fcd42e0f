import ChevronBuiltInLooks
import ChevronLooks
import ChevronText
import Testing

/// Title resolution, overflow policies, mirroring, snapping, the tap target and errors.
struct SizeRequestTests {
    @Test func aRequestKeptBehindOneReferenceStaysAValue() {
        // Its fields live in one shared storage: changing a copy leaves the original as it was.
        let request = SizeRequest(look: "classic", title: "Inbox")
        var copy = request
        copy.title = "Mail"
        copy.scale = 2
        #expect(request.title == "Inbox" && request.scale == 1)
        #expect(copy.title == "Mail" && copy.scale == 2 && copy != request)
        #expect(request.debugDescription.contains("title: Optional(\"Inbox\")"))
    }

    @Test func theStackShowsThePreviousItemsBackTitleElseItsTitleElseGeneric() throws {
        let withBack = try sizing.size(
            SizeRequest(
                look: "classic",
                stack: [NavigationItem(title: "Inbox", backTitle: "Mail"), NavigationItem(title: "Detail")]))
        #expect(withBack.displayedTitle == "Mail" && withBack.titleSource == .backTitle)
        let withTitle = try sizing.size(
            SizeRequest(look: "classic", stack: [NavigationItem(title: "Inbox"), NavigationItem(title: "Detail")]))
        #expect(withTitle.displayedTitle == "Inbox" && withTitle.titleSource == .title)
        let untitled = try sizing.size(
            SizeRequest(look: "classic", stack: [NavigationItem(title: nil), NavigationItem(title: "Detail")]))
        #expect(untitled.displayedTitle == "Back" && untitled.titleSource == .generic)
        let customGeneric = try sizing.size(
            SizeRequest(
                look: "classic", stack: [NavigationItem(title: nil), NavigationItem(title: "D")], genericTitle: "Zurück"
            ))
        #expect(customGeneric.displayedTitle == "Zurück")
    }

    @Test func theFallbackChainTriesTheBackTitleThenTheTitleThenGeneric() throws {
        // The back title is tried before the title (UIKit), and a long one falls through.
        let long = String(repeating: "Very long back title ", count: 3)
        let layout = try sizing.size(
            SizeRequest(
                look: "classic",
                stack: [NavigationItem(title: "Inbox", backTitle: long), NavigationItem(title: "Detail")],
                overflow: .fallback))
        #expect(layout.displayedTitle == "Inbox" && layout.titleSource == .title)
        let fitting = try sizing.size(
            SizeRequest(
                look: "classic",
                stack: [NavigationItem(title: "Inbox", backTitle: "Mail"), NavigationItem(title: "Detail")],
                overflow: .fallback))
        #expect(fitting.displayedTitle == "Mail" && fitting.titleSource == .backTitle)
    }

    @Test func genericAndMinimalPolicies() throws {
        let generic = try sizing.size(SizeRequest(look: "classic", title: "Settings", overflow: .generic))
        #expect(generic.displayedTitle == "Back" && generic.titleSource == .generic)
        let minimal = try sizing.size(SizeRequest(look: "classic", title: "Settings", overflow: .minimal))
        #expect(minimal.displayedTitle == "" && minimal.titleSource == .none && minimal.width == 43)
    }

    @Test func rightToLeftMirrorsTheTitleAndTheCaps() throws {
        let layout = try sizing.size(SizeRequest(look: "classic", title: "הגדרות"))
        #expect(layout.direction == .rtl)
        #expect(layout.titleFrame.x == layout.width - 12 - layout.titleFrame.width)
        #expect(layout.capInsets == HorizontalInsets(left: 29, right: 13))
        #expect(layout.titleInsets == HorizontalInsets(left: 8, right: 12))
        let forced = try sizing.size(SizeRequest(look: "classic", title: "Settings", direction: .rtl))
        #expect(forced.direction == .rtl && forced.titleFrame.x == forced.width - 12 - forced.titleFrame.width)
    }

    @Test("sizes snap up and positions round to the pixel grid", arguments: [1, 2, 3])
    func snapping(scale: Int) throws {
        let layout = try sizing.size(SizeRequest(look: "instagram", title: "Kontoeinstellungen", scale: scale))
        let textWidth = try boldWidth("Kontoeinstellungen")
        let pixels = layout.width * Double(scale)
        #expect(abs(pixels - pixels.rounded()) < 1e-9)
        #expect(layout.width >= textWidth + 21 && layout.width - (textWidth + 21) < 1 / Double(scale))
        let x = layout.titleFrame.x * Double(scale)
        #expect(abs(x - x.rounded()) < 1e-9)
    }

    @Test func theTapTargetIsAtLeastFortyFourSquareAndCentred() throws {
        let layout = try sizing.size(SizeRequest(look: "classic", title: "Hi"))
        #expect(layout.hitRect == Rect(x: (43 - 44) / 2, y: (30 - 44) / 2, width: 44, height: 44))
        let wide = try sizing.size(SizeRequest(look: "classic", title: "Settings"))
        #expect(wide.hitRect.width == wide.width && wide.hitRect.x == 0)
    }

    @Test func aLargerFontScaleWidensTheButton() throws {
        let normal = try sizing.size(SizeRequest(look: "classic", title: "Back"))
        let large = try sizing.size(SizeRequest(look: "classic", title: "Back", fontScale: 2))
        #expect(abs(large.textWidth - 2 * normal.textWidth) < 1e-9)
        #expect(large.fontSize == 24)
    }

    @Test func errorsNameTheInputAndTheLimit() {
        #expect {
            try sizing.size(SizeRequest(look: "aqua", title: "Back"))
        } throws: { error in
            let error = error as? LookError
            return error?.code == .unknownLook && error?.message.contains("classic") == true
                && error?.message.contains("modern") == true
        }
        #expect {
            try sizing.size(SizeRequest(look: "classic", stack: [NavigationItem(title: "Only")]))
        } throws: { ($0 as? LookError)?.code == .stackTooShort }
        #expect {
            try sizing.size(SizeRequest(look: "classic", title: "Back", maximumWidth: 42))
        } throws: { error in
            (error as? LookError)?.code == .widthTooSmall && (error as? LookError)?.message.contains("43") == true
        }
        for scale in [0, 4] {
            #expect { try sizing.size(SizeRequest(look: "classic", title: "Back", scale: scale)) } throws: {
                ($0 as? LookError)?.parameter == "scale"
            }
        }
        #expect { try sizing.size(SizeRequest(look: "classic", title: "Back", fontScale: .nan)) } throws: {
            ($0 as? LookError)?.parameter == "fontScale"
        }
        #expect { try sizing.size(SizeRequest(look: "classic")) } throws: { ($0 as? LookError)?.code == .missingTitle }
    }
}
