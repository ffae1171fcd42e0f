/// A look whose button slides in and out as controllers are pushed and popped.
public protocol AnimatedLook: BackButtonLook {
    /// The button's frame movement for one transition.
    /// - Parameters:
    ///   - kind: push (the button's controller is covered), pop (it is removed), or appear.
    ///   - layout: the button's layout, which gives the frame's size.
    ///   - wasCoveredByPush: for `appear`, whether the controller was last hidden by a push.
    func transition(_ kind: TransitionKind, for layout: BackButtonLayout, wasCoveredByPush: Bool)
        -> BackButtonTransition
}

/// Why a back button moves.
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    /// A controller was pushed over the button's own.
    case push
    /// The button's controller was popped.
    case pop
    /// The button's controller appears again.
    case appear
}

/// One animated movement of the button: from a frame to a frame over a duration.
public struct BackButtonTransition: Sendable, Hashable {
    /// What moved it.
    public var kind: TransitionKind
    /// The frame in the bar when the animation starts.
    public var from: Rect
    /// The frame in the bar when it ends.
    public var to: Rect
    /// The animation's length in seconds.
    public var duration: Double

    /// Creates a transition.
    public init(kind: TransitionKind, from: Rect, to: Rect, duration: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.duration = duration
    }
}

extension SizingEngine {
    /// The transition of `kind` for the button `request` lays out.
    /// - Throws: `LookError.notAnimated` when the look does not animate.
    public func transition(_ kind: TransitionKind, for request: SizeRequest, wasCoveredByPush: Bool = false) throws
        -> BackButtonTransition
    {
        let look = try registry.look(named: request.look)
        guard let animated = look as? any AnimatedLook else {
            throw LookError(
                .notAnimated, parameter: "look",
                "the \(look.name) look does not animate; animated looks: "
                    + registry.all.filter { $0 is any AnimatedLook }.map(\.name).joined(separator: ", "))
        }
        return animated.transition(kind, for: try size(request), wasCoveredByPush: wasCoveredByPush)
    }

    /// The transition `transition(kind, for: request, …)` would return, when the request's
    /// layout is in memory now and its look animates; nil otherwise (errors included: the call
    /// that does the work reports them).
    public func transitionInMemory(_ kind: TransitionKind, for request: SizeRequest, wasCoveredByPush: Bool = false)
        -> BackButtonTransition?
    {
        guard let layout = layoutInMemory(request),
            let animated = try? registry.look(named: request.look) as? any AnimatedLook
        else { return nil }
        return animated.transition(kind, for: layout, wasCoveredByPush: wasCoveredByPush)
    }
}
