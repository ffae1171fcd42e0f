import ChevronJSON
import ChevronVarlink
import ChevronWire

// Requests are the types generated from the interface descriptions (Sources/ChevronWire);
// these names are the client's for them.

/// A font as io.chevron.Text's `FontRequest`: a fontconfig pattern, or a family with weight and
/// slant; nil fields are left out (the daemon's defaults apply).
public typealias FontParameters = TextInterface.FontRequest

/// One size question, as io.chevron.BackButton's `SizeRequest`; nil fields take the look's defaults.
public typealias SizeParameters = BackButtonInterface.SizeRequest

/// One bar question, as io.chevron.BackButton's `LayoutBar` takes it.
public typealias BarParameters = BackButtonInterface.LayoutBar.Parameters

extension BackButtonInterface.SizeRequest {
    /// An item of a navigation stack.
    public typealias Item = BackButtonInterface.NavigationItem

    /// The request as the wire shapes it.
    public var json: JSONValue { tree }
}

extension TextInterface.FontRequest {
    /// The request as the wire shapes it.
    public var json: JSONValue { tree }
}
