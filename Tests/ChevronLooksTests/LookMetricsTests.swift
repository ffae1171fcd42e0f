import ChevronBuiltInLooks
import ChevronLooks
import ChevronText
import Testing

/// Look metrics keep value semantics behind their shared storage, and the registry finds looks
/// by name both ways it searches (a scan for a few looks, a table for many).
struct LookMetricsTests {
    @Test func aChangedCopyLeavesTheOriginalAsItWas() throws {
        let original = try LookRegistry.builtIn.look(named: "classic").metrics
        var copy = original
        copy.maximumWidth = 99
        copy.font.size = 20
        copy.colors.text = "#000000"
        // The classic look's own numbers (ClassicLook.swift, seed 004 and the chosen maximum).
        #expect(original.maximumWidth == 160 && original.font.size == 12 && original.colors.text == "#FFFFFF")
        #expect(copy.maximumWidth == 99 && copy.font.size == 20 && copy.colors.text == "#000000")
        #expect(original != copy)
        // Fields not set are the original's.
        #expect(copy.height == 30 && copy.leftCap == 13 && copy.padding == 20)
    }

    @Test func metricsFromTheSameNumbersAreEqualAndHashAlike() {
        func make(height: Double) -> LookMetrics {
            LookMetrics(
                font: FontRequest(pattern: "Liberation Sans:bold", size: 13), height: height, artWidth: 40,
                leftCap: 14, titleInsets: HorizontalInsets(left: 10, right: 6), alignment: .centred, titleTop: nil,
                padding: 16, maximumWidth: 150, overflow: .fallback,
                colors: LookColors(text: "#FFFFFF", shadow: nil, shadowOffset: nil))
        }
        #expect(make(height: 31) == make(height: 31))
        #expect(make(height: 31).hashValue == make(height: 31).hashValue)
        #expect(make(height: 31) != make(height: 32))
        var changed = make(height: 32)
        changed.height = 31
        #expect(changed == make(height: 31))
    }

    /// A look of its own name with the classic numbers: what a folder of manifests gives.
    private struct NamedLook: BackButtonLook {
        let name: String
        let summary = "a numbered copy of classic"
        let metrics: LookMetrics
        let sources: [String: String] = [:]
    }

    @Test(arguments: [3, 40])
    func theRegistryFindsEveryLookByNameAndNamesTheKnownOnesForAnUnknownOne(count: Int) throws {
        let metrics = try LookRegistry.builtIn.look(named: "classic").metrics
        let looks = (0..<count).map { NamedLook(name: "look-\($0)", metrics: metrics) }
        let registry = LookRegistry(looks.reversed())
        #expect(registry.names == looks.map(\.name).sorted())
        for look in looks { #expect(try registry.look(named: look.name).name == look.name) }
        do {
            _ = try registry.look(named: "look-\(count)")
            Issue.record("an unknown look was found")
        } catch let error as LookError {
            #expect(error.code == .unknownLook && error.parameter == "look" && error.message.contains("look-0, look-1"))
        }
    }

    @Test func aNameIsFoundWhateverItsRepresentation() throws {
        // Found first by the sixteen bytes a short name is held in; a name held out of line, or
        // canonically equal under other bytes (a Kelvin sign is a K), is found by `==`.
        let metrics = try LookRegistry.builtIn.look(named: "classic").metrics
        let registry = LookRegistry([
            NamedLook(name: "Kelvin", metrics: metrics), NamedLook(name: "b", metrics: metrics),
        ])
        var outOfLine = "Kelvin"
        outOfLine.reserveCapacity(64)  // a native buffer, not the small form
        for name in ["Kelvin", outOfLine, "\u{212A}elvin"] {
            #expect(try registry.look(named: name).name == "Kelvin", "\(name.unicodeScalars.map(\.value))")
            let request = SizeRequest(look: name, title: "Back")
            #expect(
                try registry.layout(request, measurer: TitleMeasurer(engine: sizing.text)).look == "Kelvin")
        }
        #expect(throws: LookError.self) { try registry.look(named: "kelvin") }
    }

    @Test func aLaterLookOfTheSameNameReplacesAnEarlierOne() throws {
        let metrics = try LookRegistry.builtIn.look(named: "classic").metrics
        var wider = metrics
        wider.maximumWidth = 200
        let registry = LookRegistry([NamedLook(name: "x", metrics: metrics), NamedLook(name: "x", metrics: wider)])
        #expect(registry.names == ["x"])
        #expect(try registry.look(named: "x").metrics.maximumWidth == 200)
    }
}
