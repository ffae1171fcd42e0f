import ChevronCheck
import Testing

/// Placeholders filled with samples, each expected string written out by hand.
struct PlaceholderTests {
    @Test(
        "printf placeholders by kind, position, precision and length",
        arguments: [
            ("%@ Follower", "Alex Smith Follower"), ("%2$@ and %1$@", "Alex Smith and Alex Smith"),
            ("%lld items", "128 items"), ("%d/%u/%i/%ld", "128/128/128/128"), ("%.2f €", "3.14 €"),
            ("%f", "3.141590"), ("%1$s of %2$d", "Alex Smith of 128"), ("100%%", "100%"), ("%@", "Alex Smith"),
            ("50% off", "50% off"), ("%", "%"), ("Plain", "Plain"), ("%-10s|", "Alex Smith|"),
        ])
    func defaultSamplesFillEveryPlaceholder(template: String, expected: String) {
        #expect(PlaceholderSamples().expand(template) == expected)
    }

    @Test func samplesCanBeOverriddenAndBadOnesAreRefused() throws {
        var samples = PlaceholderSamples()
        try samples.set("%@=Alexandra Wilhelmina")
        try samples.set("%d=10000")
        try samples.set("%f=2.5")
        #expect(samples.expand("%@ hat %lld Follower, %.1f%%") == "Alexandra Wilhelmina hat 10000 Follower, 2.5%")
        #expect(throws: PlaceholderError.self) { try samples.set("%q=1") }
        #expect(throws: PlaceholderError.self) { try samples.set("%f=many") }
        #expect(throws: PlaceholderError.self) { try samples.set("no equals sign") }
    }
}
