import ChevronJSON
import ChevronVarlink
@_exported import ChevronWire

// Replies are the types generated from the interface descriptions (Sources/ChevronWire, `make
// wire`); these names are the client's for them.

/// A font face: what fc-match prints for it, and a variable face's coordinates.
public typealias FaceReply = TextInterface.Face
/// MeasureText's reply.
public typealias MeasurementReply = TextInterface.MeasureText.Reply
/// ResolveFont's reply.
public typealias FontResolutionReply = TextInterface.ResolveFont.Reply
/// Truncate's reply.
public typealias TruncationReply = TextInterface.Truncate.Reply
/// A rectangle in points.
public typealias RectReply = BackButtonInterface.Rect
/// Left and right insets in points.
public typealias InsetsReply = BackButtonInterface.Insets
/// Size's reply: one back button's layout.
public typealias LayoutReply = BackButtonInterface.Layout
/// LayoutBar's reply: a whole navigation bar's frames.
public typealias BarLayoutReply = BackButtonInterface.LayoutBar.Reply
/// ListDevices' reply: the devices a bar can be named by, and the default one.
public typealias DevicesReply = BackButtonInterface.ListDevices.Reply
/// One SizeMany result: a layout, or why there is none.
public typealias SizeResultReply = BackButtonInterface.SizeResult
/// What a check reads of one SizeMany answer (`result: .fit`).
public typealias FitReply = BackButtonInterface.Fit
/// Transition's reply.
public typealias TransitionReply = BackButtonInterface.Transition.Reply
/// A look in brief (ListLooks).
public typealias LookSummaryReply = BackButtonInterface.LookSummary
/// A look's numbers and their sources (DescribeLook).
public typealias LookDescriptionReply = BackButtonInterface.LookDescription
/// GetStatistics' reply.
public typealias StatisticsReply = ServiceInterface.GetStatistics.Reply
/// Reload's reply.
public typealias ReloadReply = ServiceInterface.Reload.Reply
/// GetFingerprint's reply: a SHA-256 over everything that changes an answer, and its parts.
public typealias FingerprintReply = ServiceInterface.GetFingerprint.Reply
/// GetLimits' reply: the bounds a client keeps to.
public typealias LimitsReply = ServiceInterface.GetLimits.Reply

/// io.chevron.BackButton.Render's reply: the PNG's bytes, its size in pixels, and the layout drawn.
public struct RenderReply: Sendable, Hashable {
    /// The PNG file's bytes.
    public let png: [UInt8]
    /// The picture's width in pixels (the layout's width × scale).
    public let pixelWidth: Int
    /// The picture's height in pixels (the layout's height × scale).
    public let pixelHeight: Int
    /// The layout drawn.
    public let layout: LayoutReply
}

extension BackButtonInterface.Failure {
    /// The failed request's parameter, when the error names one.
    public var parameter: String? { parameters["parameter"].flatMap(\.stringValue) }
    /// The error's sentence, when it has one.
    public var message: String? { parameters["message"].flatMap(\.stringValue) }
    /// The look an error names (UnknownLook), when it names one.
    public var look: String? { parameters["look"].flatMap(\.stringValue) }
}

extension JSONValue {
    /// The string, when the value is one.
    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
