import ChevronVarlink
import ChevronWire
import Testing

/// `isWireExact`: whether a value's text reads back, strictly, as the same value. The reader is
/// the judge: a value is exact when reading its text gives it back, field for field.
struct WireExactnessTests {
    typealias Request = BackButtonInterface.SizeRequest

    /// Whether `value`'s text reads back, strictly, as `value`.
    private static func readsBack<T: WireStruct>(_ value: T) -> Bool {
        (try? T(json: value.jsonBytes, strict: true)) == value
    }

    @Test(arguments: [
        Request(look: "classic", title: "Settings"),
        Request(title: "Réglages — \"quoted\"\\ \t\n", maxWidth: 80.25, language: "fr"),
        Request(look: "classic", title: "a\u{0}b"),
        Request(look: "x\u{0}", title: "Settings"),
        Request(stack: [.init(title: "Inbox"), .init(title: "b\u{0}", backTitle: "Back")]),
        Request(title: "Settings", maxWidth: .nan),
        Request(title: "Settings", maxWidth: .infinity),
        Request(title: "Settings", scale: 3),
        Request(title: "Settings", scale: 1 << 53),
        Request(title: "Settings", scale: -(1 << 53) - 1),
        Request(title: "Settings", fontScale: 1e300),
    ])
    func aRequestIsExactWhenItsTextReadsBackAsIt(request: Request) {
        #expect(request.isWireExact == Self.readsBack(request))
    }

    @Test func negativeZeroIsNotExact() {
        // -0.0 is written "0", which reads as +0.0: equal as Doubles, not the same bits.
        let request = Request(title: "Settings", maxWidth: -0.0)
        let read = try? Request(json: request.jsonBytes, strict: true)
        #expect(read?.maxWidth?.sign == .plus)
        #expect(!request.isWireExact)
        #expect(Request(title: "Settings", maxWidth: 0).isWireExact)
    }

    @Test func aFreeFormObjectIsExactWhenItsTextReadsBackAsIt() {
        let failures: [BackButtonInterface.Failure] = [
            .init(error: "io.chevron.BackButton.UnknownLook", parameters: .object([("look", .string("x"))])),
            // A free-form string may hold NUL: it is read as any JSON.
            .init(error: "e", parameters: .object([("look", .string("x\u{0}"))])),
            .init(error: "e", parameters: .object([("count", .number(.nan))])),
            .init(error: "e", parameters: .array([])),
            .init(error: "e\u{0}", parameters: .object([])),
        ]
        for failure in failures {
            #expect(failure.isWireExact == Self.readsBack(failure), "\(failure)")
        }
        // A key given twice is refused by the reader; the check refuses it without reading.
        let twice = BackButtonInterface.Failure(
            error: "e", parameters: .object([("a", .number(1)), ("a", .number(2))]))
        #expect(!twice.isWireExact)
        #expect(!Self.readsBack(twice))
    }
}
