import ChevronTestSupport
import Foundation
import Testing

/// SizeMany with `result: "fit"`, over a running chevrond's socket: each result holds what a
/// check reads, the same numbers as the whole layout of the same request, the limit worked out
/// as docs/looks.md says (the request's maxWidth, else the bar's room, else the look's maximum
/// from DescribeLook), and none of the layout's rectangles or the font's file.
@Suite(.serialized)
struct FitResultTests {
    static var requests: [[String: Any]] { [
        // Replaced by the generic title on iphone-se: over its limit.
        ["title": "Einstellungen und Datenschutz", "look": "modern", "language": "de"],
        // Fits its look's own maximum.
        ["title": "Inbox", "look": "instagram"],
        // Cut to the look's maximum.
        ["title": "A title far too long for any button of the classic look", "look": "classic"],
        // Held to the request's own limit, not the bar's room.
        ["title": "Settings and privacy", "look": "modern", "maxWidth": 60, "overflow": "truncate"],
        // Beside a screen title on the widest iPhone.
        ["title": "Back", "look": "modern", "device": "iphone-16-pro-max", "screenTitle": "Inbox"],
        // No such look: a failure, as with layouts.
        ["title": "x", "look": "nope"],
    ] }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test func aFitIsTheLayoutsNumbersAndItsLimitWithoutRectangles() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let layouts = try #require(
            try client.call("io.chevron.BackButton.SizeMany", ["requests": Self.requests]).parameters["results"]
                as? [[String: Any]])
        let fits = try #require(
            try client.call("io.chevron.BackButton.SizeMany", ["requests": Self.requests, "result": "fit"])
                .parameters["results"] as? [[String: Any]])
        try #require(layouts.count == Self.requests.count && fits.count == Self.requests.count)
        var lookMaximum: [String: Double] = [:]
        for look in ["modern", "instagram", "classic"] {
            let described = try client.call("io.chevron.BackButton.DescribeLook", ["look": look])
            lookMaximum[look] = try #require(
                Self.number((described.parameters["look"] as? [String: Any])?["maximumWidth"]),
                "\(described.parameters)")
        }
        for (index, request) in Self.requests.enumerated() {
            let whole = layouts[index]
            let answer = fits[index]
            #expect(answer["layout"] == nil, "request \(index)")
            guard let layout = whole["layout"] as? [String: Any] else {
                // The same failure either way.
                let failure = try #require(answer["failure"] as? [String: Any], "request \(index): \(answer)")
                #expect(failure["error"] as? String == (whole["failure"] as? [String: Any])?["error"] as? String)
                #expect(answer["fit"] == nil)
                continue
            }
            let fit = try #require(answer["fit"] as? [String: Any], "request \(index): \(answer)")
            #expect(
                Set(fit.keys)
                    == Set([
                        "look", "width", "maxWidth", "neededWidth", "overBy", "displayedTitle", "titleSource",
                        "truncated", "missingGlyphs", "family", "style", "substituted",
                    ] + (layout["bar"] == nil ? [] : ["bar"])), "request \(index): \(fit.keys.sorted())")
            for key in ["look", "displayedTitle", "titleSource"] {
                #expect(fit[key] as? String == layout[key] as? String, "request \(index): \(key)")
            }
            for key in ["width", "neededWidth", "missingGlyphs"] {
                #expect(Self.number(fit[key]) == Self.number(layout[key]), "request \(index): \(key)")
            }
            #expect(fit["truncated"] as? Bool == layout["truncated"] as? Bool, "request \(index)")
            let font = try #require(layout["font"] as? [String: Any])
            #expect(fit["family"] as? String == font["family"] as? String)
            #expect(fit["style"] as? String == font["style"] as? String)
            #expect(fit["substituted"] as? Bool == font["substituted"] as? Bool)
            let bar = layout["bar"] as? [String: Any]
            #expect(Self.number((fit["bar"] as? [String: Any])?["room"]) == Self.number(bar?["room"]))
            // docs/looks.md: the request's maxWidth, else the room the bar left, else the look's.
            let look = try #require(request["look"] as? String)
            let limit = try #require(
                Self.number(request["maxWidth"]) ?? Self.number(bar?["room"]) ?? lookMaximum[look])
            #expect(Self.number(fit["maxWidth"]) == limit, "request \(index)")
            let needed = try #require(Self.number(layout["neededWidth"]))
            let overBy = try #require(Self.number(fit["overBy"]))
            #expect(abs(overBy - max(0, needed - limit)) < 0.0005, "request \(index): \(overBy) for \(needed) − \(limit)")
        }
        // Which rows are over: the generic title's, the cut ones; not the fitting ones.
        let over = fits.map { Self.number(($0["fit"] as? [String: Any])?["overBy"]) ?? -1 }
        #expect(over[0] > 0 && over[2] > 0 && over[3] > 0, "\(over)")
        #expect(over[1] == 0 && over[4] == 0, "\(over)")
        // What goes over the socket: these fits are about half their layouts (1,596 bytes against
        // 3,151 as JSONSerialization writes them).
        let layoutBytes = try JSONSerialization.data(withJSONObject: layouts).count
        let fitBytes = try JSONSerialization.data(withJSONObject: fits).count
        #expect(fitBytes * 10 < layoutBytes * 6, "\(fitBytes) bytes of fits, \(layoutBytes) of layouts")
        #expect(!String(decoding: try JSONSerialization.data(withJSONObject: fits), as: UTF8.self).contains(".ttf"))
    }

    /// `result` is "layout" (as when it is left out) or "fit"; anything else names the parameter.
    /// A call whose requests are read one by one (one is not a SizeRequest) still answers fits.
    @Test func resultIsLayoutOrFit() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        for value: Any in ["fits", 1] {
            let reply = try client.call("io.chevron.BackButton.SizeMany", ["requests": [], "result": value])
            #expect(reply.error == "org.varlink.service.InvalidParameter", "\(value)")
            #expect(reply.string("parameter") == "result", "\(value)")
        }
        let layout = try client.call(
            "io.chevron.BackButton.SizeMany", ["requests": [["title": "Back"]], "result": "layout"])
        #expect(((layout.parameters["results"] as? [[String: Any]])?.first)?["layout"] != nil)
        let mixed = try client.call(
            "io.chevron.BackButton.SizeMany", ["requests": [["title": 5], ["title": "Back"]], "result": "fit"])
        let results = try #require(mixed.parameters["results"] as? [[String: Any]], "\(mixed.parameters)")
        #expect((results[0]["failure"] as? [String: Any])?["error"] as? String == "org.varlink.service.InvalidParameter")
        #expect((results[1]["fit"] as? [String: Any])?["displayedTitle"] as? String == "Back")
        #expect(results[1]["layout"] == nil)
    }
}
