import ChevronLooks
import Testing

/// bbcustom's keyframes, as seed 000's code moves kBackButtonFrame (offset 80, 0.3 s, rest at x 6).
struct TransitionTests {
    let request = SizeRequest(look: "bbcustom", title: "Favourites")

    @Test func pushSlidesTheButtonEightyToTheLeft() throws {
        let layout = try sizing.size(request)
        let push = try sizing.transition(.push, for: request)
        #expect(push.from == Rect(x: 6, y: 6, width: layout.width, height: 31))
        #expect(push.to == Rect(x: -80, y: 6, width: layout.width, height: 31))
        #expect(push.duration == 0.3)
    }

    @Test func popSlidesItEightyToTheRight() throws {
        let pop = try sizing.transition(.pop, for: request)
        #expect(pop.from.x == 6 && pop.to.x == 80)
    }

    @Test func appearComesBackFromTheSideItLeftBy() throws {
        let afterPush = try sizing.transition(.appear, for: request, wasCoveredByPush: true)
        #expect(afterPush.from.x == -80 && afterPush.to.x == 6)
        let otherwise = try sizing.transition(.appear, for: request, wasCoveredByPush: false)
        #expect(otherwise.from.x == 80 && otherwise.to.x == 6)
    }

    @Test func looksThatDoNotAnimateSaySo() {
        #expect {
            try sizing.transition(.push, for: SizeRequest(look: "classic", title: "Back"))
        } throws: { error in
            (error as? LookError)?.code == .notAnimated && (error as? LookError)?.message.contains("bbcustom") == true
        }
    }
}
