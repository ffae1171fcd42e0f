import ChevronJSON
import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire

/// The engines' values as the generated wire types (from the interface descriptions): replies
/// are built as these and written once as text (`encoded`).
extension FaceName {
    var interfaceValue: TextInterface.Face {
        TextInterface.Face(
            family: family, style: style, file: file, index: index, variations: variations.isEmpty ? nil : variations)
    }

    var json: JSONValue { interfaceValue.tree }
}

extension TextMeasurement {
    var interfaceValue: TextInterface.MeasureText.Reply {
        TextInterface.MeasureText.Reply(
            width: width, ascent: ascent, descent: descent, lineHeight: lineHeight,
            direction: direction == .rtl ? .rtl : .ltr, missing: missing, substituted: substituted,
            runs: runs.map { run in
                TextInterface.Run(
                    face: run.face.interfaceValue, start: run.utf16Range.lowerBound, end: run.utf16Range.upperBound,
                    glyphs: run.glyphCount, width: run.width, script: run.script,
                    direction: run.direction == .rtl ? .rtl : .ltr)
            })
    }
}

extension Rect {
    var interfaceValue: BackButtonInterface.Rect { BackButtonInterface.Rect(x: x, y: y, width: width, height: height) }
    var json: JSONValue { interfaceValue.tree }
}

extension HorizontalInsets {
    var interfaceValue: BackButtonInterface.Insets { BackButtonInterface.Insets(left: left, right: right) }
    var json: JSONValue { interfaceValue.tree }
}

extension BackButtonLayout {
    var interfaceValue: BackButtonInterface.Layout {
        BackButtonInterface.Layout(
            look: look, width: width, height: height, titleFrame: titleFrame.interfaceValue,
            displayedTitle: displayedTitle,
            titleSource: BackButtonInterface.Layout.TitleSource(rawValue: titleSource.rawValue) ?? .none,
            truncated: truncated, capInsets: capInsets.interfaceValue, titleInsets: titleInsets.interfaceValue,
            hitRect: hitRect.interfaceValue,
            direction: direction == .rtl ? .rtl : .ltr,
            font: BackButtonInterface.Font(
                family: font.family, style: font.style, file: font.file, size: fontSize, requested: requestedFont,
                substituted: substituted),
            textWidth: textWidth, missingGlyphs: missingGlyphs, neededWidth: neededWidth,
            bar: barUsed)
    }

    /// What a check reads of the layout (`result: "fit"`): no rectangles, no file.
    var fitValue: BackButtonInterface.Fit {
        BackButtonInterface.Fit(
            look: look, width: width, maxWidth: maximumWidth, neededWidth: neededWidth,
            overBy: Self.thousandths(max(0, neededWidth - maximumWidth)), displayedTitle: displayedTitle,
            titleSource: BackButtonInterface.Fit.TitleSource(rawValue: titleSource.rawValue) ?? .none,
            truncated: truncated, missingGlyphs: missingGlyphs, family: font.family, style: font.style,
            substituted: substituted, bar: barUsed)
    }

    /// `value` to the thousandth of a point, as `neededWidth` is measured: a difference of two
    /// such numbers is otherwise written with the binary fraction's noise (138.99200000000002).
    private static func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private var barUsed: BackButtonInterface.BarUsed? {
        bar.map {
            BackButtonInterface.BarUsed(
                device: $0.device, width: $0.width, screenTitleWidth: $0.screenTitleWidth, room: $0.room)
        }
    }
}

extension BarLayout {
    var interfaceValue: BackButtonInterface.LayoutBar.Reply {
        BackButtonInterface.LayoutBar.Reply(
            look: look, device: device, width: width, height: height, direction: direction == .rtl ? .rtl : .ltr,
            backButton: backButton.interfaceValue, backButtonFrame: backButtonFrame.interfaceValue,
            screenTitle: title.map { title in
                BackButtonInterface.BarTitle(
                    frame: title.frame.interfaceValue, displayedTitle: title.displayedTitle, truncated: title.truncated,
                    textWidth: title.textWidth,
                    font: title.font.map { face in
                        BackButtonInterface.Font(
                            family: face.family, style: face.style, file: face.file, size: title.fontSize ?? 0,
                            requested: title.requestedFont ?? "", substituted: title.substituted)
                    })
            },
            trailing: trailing.map {
                BackButtonInterface.BarItemFrame(
                    frame: $0.frame.interfaceValue, title: $0.title, textWidth: $0.textWidth)
            })
    }
}
