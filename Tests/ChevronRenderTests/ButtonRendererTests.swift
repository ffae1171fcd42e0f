import ChevronBuiltInLooks
import ChevronLooks
import ChevronRender
import ChevronTestSupport
import ChevronText
import Foundation
import Testing

let engine: TextEngine = {
    do { return try TextEngine() } catch { fatalError("\(error)") }
}()
let sizing = SizingEngine(registry: .builtIn, text: engine)
let renderer = ButtonRenderer(engine: engine)

/// Lays out and draws one request; returns the layout, the PNG, and the PNG with the title left out.
func draw(_ request: SizeRequest) throws -> (layout: BackButtonLayout, png: [UInt8], untitled: [UInt8]) {
    let look = try sizing.registry.look(named: request.look)
    let layout = try sizing.size(request)
    var untitled = layout
    untitled.displayedTitle = ""
    return (
        layout, try renderer.render(layout, look: look, request: request).png(),
        try renderer.render(untitled, look: look, request: request).png()
    )
}

struct ButtonRendererTests {
    @Test(arguments: ["classic", "reeder", "instagram", "dailybooth", "bbcustom", "modern"])
    func thePictureIsTheLayoutsSizeAtEveryScale(look: String) throws {
        for scale in 1...3 {
            let (layout, png, _) = try draw(SizeRequest(look: look, title: "Settings", scale: scale))
            let size = try #require(pngHeaderSize(png))
            // The layout's size in points snaps to the grid, so width × scale is a whole number of pixels.
            #expect(Double(size.width) == layout.width * Double(scale), "\(look) @\(scale)x")
            #expect(Double(size.height) == layout.height * Double(scale), "\(look) @\(scale)x")
            #expect(try Bitmap(png: png).width == size.width)
        }
    }

    /// Every glyph is drawn whole: the title's ink (its pixels' difference from the untitled
    /// button, summed) is as much as when the same title is drawn a point further left, where
    /// nothing on the right can cut it. Modern's title ends at the button's edge, and its negative
    /// tracking once let the last glyph's ink pass it ("Back" lost a pixel column at 2×).
    @Test(arguments: ["classic", "reeder", "instagram", "dailybooth", "bbcustom", "modern"])
    func noGlyphIsCutAtThePicturesEdge(look: String) throws {
        let style = try sizing.registry.look(named: look)
        for title in ["Back", "Settings", "Profil", "Wi-Fi", "Off", "Zurück", "Account"] {
            for scale in 1...3 {
                let request = SizeRequest(look: look, title: title, scale: scale)
                let (layout, png, untitled) = try draw(request)
                var shifted = layout
                shifted.titleFrame.x -= 1
                let blank = try Bitmap(png: untitled)
                func ink(_ png: [UInt8]) throws -> Int {
                    let bitmap = try Bitmap(png: png)
                    return zip(bitmap.pixels, blank.pixels).reduce(0) { $0 + Bitmap.distance($1.0, $1.1) }
                }
                let drawn = try ink(png)
                let whole = try ink(try renderer.render(shifted, look: style, request: request).png())
                #expect(
                    Double(drawn) >= Double(whole) * 0.985,
                    "\(look) \(title) at \(scale)x (\(layout.width) pt): ink \(drawn) of \(whole)")
            }
        }
    }

    /// The title's ink: pixels that change when only the title is left out. It lies inside the
    /// title frame, widened by the look's 1-point shadow offset and one pixel of antialiasing;
    /// and it spans the frame, so the title was drawn at the measured size.
    @Test(arguments: [
        ("classic", "Zurück"), ("instagram", "Photos"), ("dailybooth", "Timeline"), ("bbcustom", "Inbox"),
        ("modern", "Settings"), ("reeder", "Subscriptions"), ("classic", "رجوع"), ("modern", "設定"),
    ])
    func theTitlesInkLiesInsideTheTitleFrame(look: String, title: String) throws {
        let scale = 2
        let (layout, png, untitled) = try draw(SizeRequest(look: look, title: title, scale: scale))
        let ink = try Bitmap(png: png).differences(from: try Bitmap(png: untitled))
        try #require(ink.count > 20, "no title ink for \(look) \(title)")
        let frame = layout.titleFrame
        // The look's shadow offset (docs/looks.md: (0, −1) where a look has one) moves some ink by it.
        let offset = try sizing.registry.look(named: look).metrics.colors.shadowOffset ?? ShadowOffset(x: 0, y: 0)
        let s = Double(scale)
        let (minX, maxX) = (
            ((frame.x + min(0, offset.x)) * s).rounded(.down) - 1,
            ((frame.x + frame.width + max(0, offset.x)) * s).rounded(.up) + 1
        )
        let (minY, maxY) = (
            ((frame.y + min(0, offset.y)) * s).rounded(.down) - 1,
            ((frame.y + frame.height + max(0, offset.y)) * s).rounded(.up) + 1
        )
        let outside = ink.filter {
            Double($0.x) < minX || Double($0.x) >= maxX || Double($0.y) < minY || Double($0.y) >= maxY
        }
        #expect(outside.isEmpty, "\(outside.count) ink pixels outside \(frame) at \(scale)x, e.g. \(outside.prefix(3))")
        let inkWidth = Double(ink.map(\.x).max()! - ink.map(\.x).min()! + 1) / s
        #expect(inkWidth >= frame.width * 0.75, "ink \(inkWidth) wide in a frame \(frame.width) wide")
    }

    /// A title too long for classic's 160 points ends in "…": in the last ellipsis-advance of the
    /// text (hb-shape's advances for the displayed text and for "…"), the ink falls in three
    /// separate column runs, the three dots.
    @Test func aTruncatedTitleShowsTheEllipsis() throws {
        let scale = 2
        let (layout, png, untitled) = try draw(
            SizeRequest(look: "classic", title: "Internationalisation preferences and settings", scale: scale))
        #expect(layout.truncated)
        #expect(layout.displayedTitle.hasSuffix("…"))
        let file = layout.font.file
        let textWidth = try ExternalTools.hbShapeWidth(
            file: file, text: layout.displayedTitle, size: 12, features: ["-kern"])
        let ellipsisWidth = try ExternalTools.hbShapeWidth(file: file, text: "…", size: 12, features: ["-kern"])
        let end = layout.titleFrame.x + textWidth
        let columns = Int(((end - ellipsisWidth) * Double(scale)).rounded())..<Int((end * Double(scale)).rounded())
        let ink = try Bitmap(png: png).differences(from: try Bitmap(png: untitled), tolerance: 40)
        let inkColumns = Set(ink.map(\.x).filter(columns.contains))
        var runs = 0
        for column in columns where inkColumns.contains(column) && !inkColumns.contains(column - 1) { runs += 1 }
        #expect(runs == 3, "ink columns \(inkColumns.sorted()) in \(columns)")
    }

    /// Right to left mirrors the art: the untitled right-to-left button is the left-to-right one
    /// flipped, and its chevron is on the right.
    @Test(arguments: ["classic", "instagram", "modern"])
    func rightToLeftPutsTheChevronOnTheRight(look: String) throws {
        let title = "חזרה"
        let (rtl, rtlPNG, rtlUntitled) = try draw(SizeRequest(look: look, title: title, scale: 2))
        let (ltr, _, ltrUntitled) = try draw(SizeRequest(look: look, title: title, scale: 2, direction: .ltr))
        #expect(rtl.direction == .rtl && ltr.direction == .ltr)
        #expect(rtl.width == ltr.width)
        let mirrored = try Bitmap(png: rtlUntitled)
        let original = try Bitmap(png: ltrUntitled)
        // cairo's antialiasing is not exactly symmetric: up to 24 levels of 255 are allowed (a real miss differs by the whole fill).
        var mismatches = 0
        for y in 0..<original.height {
            for x in 0..<original.width
            where Bitmap.distance(original[x, y], mirrored[original.width - 1 - x, y]) > 24 {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        let art = try Bitmap(png: rtlUntitled)
        let inkColumns = (0..<art.width).filter { x in (0..<art.height).contains { art.alpha(x: x, y: $0) > 0 } }
        if look == "modern" {
            // docs/looks.md, "modern": 8 points, then the 13-point chevron; mirrored, from the right edge.
            let chevron = (Int((rtl.width - 8 - 13) * 2))..<Int((rtl.width - 8) * 2)
            #expect(inkColumns.allSatisfy(chevron.contains), "\(inkColumns) outside \(chevron)")
        } else {
            // Four points down, the point's slope (a tip at mid-height, corners ≥ 11 points in)
            // leaves the outermost pixel empty on the chevron's side, while the rounded corner
            // (radius ≤ 5) still covers it on the other side.
            #expect(art.alpha(x: art.width - 1, y: 8) == 0)
            #expect(art.alpha(x: 1, y: 8) > 0)
            #expect(try Bitmap(png: rtlPNG).alpha(x: art.width - 1, y: art.height / 2) > 0)
        }
    }
}

/// Titles mixing directions are drawn in the visual order of the Unicode Bidirectional
/// Algorithm, as the `fribidi` command (libfribidi-bin) gives it: digits and Latin inside an
/// Arabic title run left to right, an Arabic word inside a Latin one right to left.
struct BidirectionalDrawingTests {
    @Test(arguments: [("مرحبا (123) world", "rtl"), ("Back (مرحبا) 42", "ltr")])
    func glyphsAreInFriBidisVisualOrder(title: String, direction: String) throws {
        let request = SizeRequest(look: "classic", title: title, scale: 2)
        let look = try sizing.registry.look(named: "classic")
        let layout = try sizing.size(request)
        #expect(layout.direction.rawValue == direction)
        let drawn = try renderer.titleGlyphs(layout, look: look, request: request)
        // One glyph per character here (no ligatures in these titles): the clusters, left to right.
        let clusters = drawn.map(\.cluster)
        #expect(clusters.count == title.unicodeScalars.count)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-\(UUID()).txt")
        try title.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try #require(
            try ExternalTools.run("fribidi", ["--nopad", "--novisual", "--vtol", "--\(direction)", file.path]))
        let visualToLogical = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        var offsets: [Int] = []
        var offset = 0
        for scalar in title.unicodeScalars {
            offsets.append(offset)
            offset += String(scalar).utf8.count
        }
        #expect(clusters == visualToLogical.map { offsets[$0] })
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.x < $1.x })
    }
}
