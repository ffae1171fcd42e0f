/// A look: the numbers of one family of back buttons, and how it lays a title out.
///
/// Every provider under `Plugins/` conforms; a provider states its numbers and inherits the
/// standard layout step, or overrides it.
public protocol BackButtonLook: Sendable {
    /// The look's name, as requests spell it (`classic`).
    var name: String { get }
    /// One line saying what the look is and where its numbers come from.
    var summary: String { get }
    /// The look's numbers.
    var metrics: LookMetrics { get }
    /// Where each number came from, by field name (`height: seed 004`), for DescribeLook.
    var sources: [String: String] { get }
    /// How previews draw the button (a default follows from the metrics; see `ButtonArt`).
    var art: ButtonArt { get }
    /// The navigation bar around the button (`BarStyle.era2010` unless the look says otherwise).
    var bar: BarStyle { get }

    /// Lays out a button for `request`, measuring with `measurer`.
    func layout(_ request: SizeRequest, measurer: TitleMeasurer) throws -> BackButtonLayout
}

extension BackButtonLook {
    /// The standard layout: choose the title, measure, apply width rule, overflow and snapping.
    ///
    /// Inlinable, so that a look's module specialises it: its name and numbers are then read
    /// where the look keeps them, not copied out through the protocol's getters (a retain and
    /// a release each, on every layout).
    @inlinable
    public func layout(_ request: SizeRequest, measurer: TitleMeasurer) throws -> BackButtonLayout {
        try StandardLayout.layout(request, look: name, metrics: metrics, bar: bar, measurer: measurer)
    }

    /// The bar of the 2010–2013 looks, for a look that states none.
    public var bar: BarStyle { .era2010 }
}
