import ChevronLooks
import ChevronTestSupport
import ChevronText
import Testing

/// Modern's room in a navigation bar and the bar's frames, against the rule of docs/looks.md
/// ("The bar") worked by hand here, with every width from hb-shape on the font files fontconfig
/// matches: the back title in modern's face, the screen title in Inter at weight 600.
struct BarRuleTests {
    /// The portrait widths of Apple's Human Interface Guidelines, "Layout", device screen sizes.
    static let higWidths: [(String, Double)] = [
        ("iphone-se", 375), ("iphone-16", 393), ("iphone-16-pro", 402), ("iphone-16-plus", 430),
        ("iphone-16-pro-max", 440), ("ipad-mini", 744), ("ipad-11", 820), ("ipad-pro-13", 1032),
    ]

    /// The back title's width in modern: hb-shape in the face fontconfig gives "SF Pro Text", less
    /// 0.41 a character.
    static func backTitleWidth(_ text: String, language: String? = nil) throws -> Double {
        let file = try ExternalTools.fcMatch("SF Pro Text").file
        return try ExternalTools.hbShapeWidth(file: file, text: text, size: 17) - 0.41 * Double(text.count)
    }

    /// The screen title's width in the bar's style: Inter at weight 600 (the stand-in for SF Pro
    /// Text semibold), less 0.41 a character.
    static func screenTitleWidth(_ text: String) throws -> Double {
        let inter = try ExternalTools.fcMatch("Inter:semibold")
        return try ExternalTools.hbShapeWidth(
            file: inter.file, text: text, size: 17, index: inter.index & 0xFFFF, variations: ["wght=600"])
            - 0.41 * Double(text.count)
    }

    /// The room the rule gives modern (origin 0, chevron 50, spacing 6, no trailing items), by hand.
    static func room(barWidth: Double, screenTitle: Double?) -> Double {
        guard let title = screenTitle else { return (barWidth / 3).rounded(.down) }
        let leadingEnd = 0.0 + 50
        let shown = min(title, barWidth - leadingEnd - 2 * 6)
        var start = (barWidth - shown) / 2  // centred
        if start + shown > barWidth - 6 { start = barWidth - 6 - shown }  // clear of the trailing edge
        if start < leadingEnd + 6 { start = leadingEnd + 6 }  // clear of the chevron
        return max(50, (start - 6).rounded(.down))
    }

    @Test func theDevicesAreApplesWidthsAndTheDefaultIsTheNarrowestIPhone() {
        #expect(Device.builtIn.map(\.name) == Self.higWidths.map(\.0))
        #expect(Device.builtIn.map(\.width) == Self.higWidths.map(\.1))
        #expect(Device.defaultDevice.name == "iphone-se")
        let iPhones = Device.builtIn.filter { $0.name.hasPrefix("iphone") }
        #expect(Device.defaultDevice.width == iPhones.map(\.width).min())
        #expect(Device.builtIn.allSatisfy { $0.source.contains("Human Interface Guidelines") })
    }

    @Test(arguments: ["Settings", "Notification Settings", "Wi-Fi & Bluetooth Accessories"])
    func theRoomAndTheChoiceFollowTheRule(title: String) throws {
        let full = try Self.backTitleWidth(title) + 27 + 0.41
        let generic = try Self.backTitleWidth("Back") + 27 + 0.41
        for device in ["iphone-se", "iphone-16", "iphone-16-pro-max"] {
            let barWidth = try #require(Self.higWidths.first { $0.0 == device }?.1)
            for screenTitle in [nil, "Privacy", "Notification Preferences for Accounts"] {
                let screenWidth = try screenTitle.map(Self.screenTitleWidth)
                let room = Self.room(barWidth: barWidth, screenTitle: screenWidth)
                let layout = try sizing.size(
                    SizeRequest(
                        look: "modern", title: title, bar: BarRequest(device: device, screenTitle: screenTitle)))
                let label = "\(title) on \(device) under \(screenTitle ?? "no screen title")"
                let bar = try #require(layout.bar, "\(label)")
                #expect(bar.room == room, "\(label)")
                #expect(bar.device == device && bar.width == barWidth, "\(label)")
                #expect(abs((bar.screenTitleWidth ?? -1) - (screenWidth ?? -1)) < 0.001, "\(label)")
                if full <= room {
                    #expect(layout.displayedTitle == title && layout.width == snappedUp(full), "\(label)")
                } else if generic <= room {
                    #expect(layout.displayedTitle == "Back" && layout.width == snappedUp(generic), "\(label)")
                } else {
                    #expect(layout.titleSource == .none && layout.width == 50, "\(label)")
                }
            }
        }
    }

    @Test func theRoomsOfTheIssuesExampleByHand() throws {
        // No screen title: a third of the bar, 375 / 3 and 440 / 3 rounded down.
        let narrow = try sizing.size(
            SizeRequest(look: "modern", title: "Settings", bar: BarRequest(device: "iphone-se")))
        let wide = try sizing.size(
            SizeRequest(look: "modern", title: "Settings", bar: BarRequest(device: "iphone-16-pro-max")))
        #expect(narrow.bar?.room == 125 && wide.bar?.room == 146)
        // No bar at all is the default device.
        #expect(try sizing.size(SizeRequest(look: "modern", title: "Settings")).bar?.room == 125)
        // A long screen title narrows the limit to the chevron alone.
        let long = try sizing.size(
            SizeRequest(
                look: "modern", title: "Settings",
                bar: BarRequest(device: "iphone-se", screenTitle: "Notification Preferences for Accounts")))
        #expect(long.bar?.room == 50 && long.titleSource == .none)
        // A screen title given by its width: (393 − 100) / 2 = 146.5, less 6: 140.
        let byWidth = try sizing.size(
            SizeRequest(look: "modern", title: "Settings", bar: BarRequest(device: "iphone-16", screenTitleWidth: 100)))
        #expect(byWidth.bar?.room == 140)
        // A request's own maximum still wins, and the layout still says what the bar left.
        let own = try sizing.size(SizeRequest(look: "modern", title: "Settings", maximumWidth: 60))
        #expect(own.titleSource != .title && own.bar?.room == 125)
    }

    @Test func theLayoutCacheKeepsBarsApart() throws {
        let cached = SizingEngine(
            registry: .builtIn, text: try TextEngine(), layouts: LayoutCache(byteBudget: 1 << 20, entryLimit: 100))
        var rooms: [Double?] = []
        for bar in [
            nil, BarRequest(device: "iphone-16-pro-max"), BarRequest(width: 500), BarRequest(screenTitle: "Privacy"),
            BarRequest(screenTitleWidth: 300), BarRequest(trailing: [BarItem(width: 250)]),
        ] {
            // Twice each: the second answer comes from the cache and must be the first's.
            let first = try cached.size(SizeRequest(look: "modern", title: "Settings", bar: bar))
            #expect(try cached.size(SizeRequest(look: "modern", title: "Settings", bar: bar)) == first)
            rooms.append(first.bar?.room)
        }
        // By hand: 375 / 3, 440 / 3, 500 / 3, rounded down; "Privacy" centred in 375; (375 − 300) / 2
        // = 37.5 is inside the chevron, so the title starts at 56 and the room is 50; the trailing
        // item leaves 375 − 266 − 6 = 103 of the default third.
        let privacy = try Self.screenTitleWidth("Privacy")
        #expect(rooms == [125, 146, 166, ((375 - privacy) / 2 - 6).rounded(.down), 50, 103])
    }

    @Test func theSeedLooksKeepTheirOwnMaximum() throws {
        let layout = try sizing.size(
            SizeRequest(
                look: "classic", title: "Settings",
                bar: BarRequest(device: "iphone-se", screenTitle: "Notification Preferences for Accounts")))
        #expect(layout.bar == nil && layout.displayedTitle == "Settings")
    }

    @Test func aGermanTitleTooLongForItsRoomShowsZurueck() throws {
        let layout = try sizing.size(
            SizeRequest(
                look: "modern", title: "Einstellungen und Datenschutz", genericTitle: GenericTitles.title(for: "de")!,
                language: "de"))
        #expect(layout.displayedTitle == "Zurück" && layout.titleSource == .generic)
        #expect(layout.width == snappedUp(try Self.backTitleWidth("Zurück") + 27.41))
    }

    @Test func anArabicTitleFallsBackToItsOwnWordRightToLeft() throws {
        let layout = try sizing.size(
            SizeRequest(
                look: "modern", title: "إعدادات الخصوصية والأمان المتقدمة",
                genericTitle: GenericTitles.title(for: "ar")!,
                language: "ar"))
        #expect(layout.displayedTitle == "رجوع" && layout.direction == .rtl)
        // Mirrored: the title ends 27 from the right edge, where the chevron is.
        #expect(layout.titleFrame.x + layout.titleFrame.width == layout.width - 27)
        #expect(layout.capInsets == HorizontalInsets(left: 22, right: 27))
    }

    @Test func aJapaneseTitleFallsBackToModoru() throws {
        let japanese = try ExternalTools.fcMatch(":lang=ja")
        let layout = try sizing.size(
            SizeRequest(
                look: "modern", title: "通知とプライバシーの詳細設定について", genericTitle: GenericTitles.title(for: "ja")!,
                language: "ja"))
        #expect(layout.displayedTitle == "戻る")
        let text =
            try ExternalTools.hbShapeWidth(
                file: japanese.file, text: "戻る", size: 17, index: japanese.index, language: "ja") - 0.41 * 2
        #expect(layout.width == snappedUp(text + 27.41))
    }

    @Test func aBarPlacesTheButtonTheTitleAndTheTrailingItems() throws {
        let request = SizeRequest(
            look: "modern", title: "Settings",
            bar: BarRequest(device: "iphone-16", screenTitle: "General", trailing: [BarItem(title: "Edit")]))
        let bar = try sizing.layoutBar(request)
        let button = snappedUp(try Self.backTitleWidth("Settings") + 27.41)
        #expect(bar.width == 393 && bar.height == 44 && bar.device == "iphone-16")
        #expect(bar.backButtonFrame == Rect(x: 0, y: 0, width: button, height: 44))
        // Edit at the trailing edge, 16 in (Flutter's edge padding).
        let edit = try Self.backTitleWidth("Edit")
        let item = try #require(bar.trailing.first)
        #expect(item.frame.x == (393 - 16 - edit).rounded() && item.frame.width == snappedUp(edit))
        // The title centred: nothing beside it comes within 6 of it.
        let title = try #require(bar.title)
        let general = try Self.screenTitleWidth("General")
        #expect(title.frame.x == ((393 - general) / 2).rounded() && title.frame.width == snappedUp(general))
        #expect(title.displayedTitle == "General" && !title.truncated && title.substituted)
        #expect(title.font?.family == "Inter")
        // The room the rule left the button, as Size gives it.
        #expect(bar.backButton.bar?.room == (((393 - general) / 2) - 6).rounded(.down))
    }

    @Test func aRightToLeftBarIsMirrored() throws {
        let request = SizeRequest(
            look: "modern", title: "الإعدادات", language: "ar",
            bar: BarRequest(device: "iphone-se", screenTitleWidth: 80, trailing: [BarItem(width: 30)]))
        let bar = try sizing.layoutBar(request)
        #expect(bar.direction == .rtl)
        #expect(bar.backButtonFrame.x == 375 - bar.backButtonFrame.width)
        #expect(bar.trailing.first?.frame.x == 16)
        // Centred at 147.5, rounded to 148 left to right, then mirrored: 375 − 148 − 80.
        #expect(bar.title?.frame.x == 375 - ((375 - 80) / 2).rounded() - 80)
    }

    @Test func aScreenTitleTooLongIsCutBesideTheChevron() throws {
        let long = "Notification Preferences for All of Your Linked Accounts and Devices"
        let bar = try sizing.layoutBar(
            SizeRequest(look: "modern", title: "Settings", bar: BarRequest(device: "iphone-se", screenTitle: long)))
        let title = try #require(bar.title)
        #expect(title.truncated && title.displayedTitle?.hasSuffix("…") == true)
        #expect(bar.backButton.titleSource == .none)
        // Between the chevron (50) and the trailing edge, 6 from each.
        #expect(title.frame.x >= 56 && title.frame.x + title.frame.width <= 375 - 6 + 1)
    }

    @Test func badBarsAreRefusedNamingTheField() {
        func code(_ bar: BarRequest) -> (String, String)? {
            do {
                _ = try sizing.size(SizeRequest(look: "modern", title: "Settings", bar: bar))
                return nil
            } catch let error as LookError {
                return (error.code.name, error.parameter)
            } catch {
                return ("\(error)", "")
            }
        }
        #expect(code(BarRequest(device: "iphone-99"))! == ("unknownDevice", "device"))
        #expect(code(BarRequest(device: "iphone-se", width: 400))! == ("conflictingFields", "barWidth"))
        #expect(code(BarRequest(width: 0))! == ("outOfRange", "barWidth"))
        #expect(code(BarRequest(screenTitle: "A", screenTitleWidth: 3))! == ("conflictingFields", "screenTitleWidth"))
        #expect(code(BarRequest(trailing: [BarItem()]))! == ("conflictingFields", "trailing[0]"))
        #expect(code(BarRequest(trailing: [BarItem(width: -1)]))! == ("outOfRange", "trailing[0].width"))
        // The seed looks check the bar too.
        #expect(throws: LookError.self) {
            try sizing.size(SizeRequest(look: "classic", title: "Settings", bar: BarRequest(device: "nope")))
        }
    }
}
