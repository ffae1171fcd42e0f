import ChevronCheck
import Foundation
import Testing

/// DTD entities in Android `strings.xml` and XLIFF: every entity is written out or the file is
/// refused with an error naming it, never dropped; expansion is bounded in size and in work, and
/// linear in the file (docs/check-formats.md, "Entities").
struct EntityTests {
    /// The entries of a document written to a real file at `name` in a new folder.
    static func read(_ name: String, _ contents: Data) throws(TitleFileError) -> [TitleEntry] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-entities-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! contents.write(to: url)
        return try TitleFile.read(url.path)
    }

    static func read(_ name: String, _ text: String) throws(TitleFileError) -> [TitleEntry] {
        try read(name, Data(text.utf8))
    }

    /// The error reading the file gives, as `LINE: reason` (the file is a new path each time), or
    /// nil when it reads.
    static func error(_ name: String, _ contents: Data) -> String? {
        do {
            _ = try read(name, contents)
            return nil
        } catch {
            return "\(error.line): \(error.reason)"
        }
    }

    static func error(_ name: String, _ text: String) -> String? { error(name, Data(text.utf8)) }

    static func xliff(_ doctype: String, _ target: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
        <trans-unit id="open"><source>Open</source><target>\(target)</target></trans-unit>
        </body></file></xliff>
        """
    }

    // MARK: Written out, never dropped

    /// XLIFF's entities are written out as Android's are; Foundation's parser alone drops them.
    @Test func xliffEntitiesAreWrittenOut() throws {
        let file = Self.xliff(#"<!DOCTYPE xliff [<!ENTITY app "Chevron">]>"#, "Öffne &app; jetzt")
        #expect(try Self.read("de.xliff", file).map(\.title) == ["Öffne Chevron jetzt"])
    }

    /// An entity used but declared nowhere (no DTD, or not in it) is an error naming it.
    @Test func anUndeclaredEntityIsAnErrorNamingIt() {
        #expect(
            Self.error("de.xliff", Self.xliff("", "Öffne &app; jetzt"))?.hasPrefix(
                "4: the entity &app; is not declared") == true)
        let android = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [<!ENTITY app "Chevron">]>
            <resources>
                <string name="a">&app; &ap;</string>
            </resources>
            """
        #expect(Self.error("values/strings.xml", android) == "4: the entity &ap; is not declared in the file's DTD")
    }

    /// Predefined entities and character references stay the parser's; nested entities and
    /// entities in attribute values are read as XML defines them.
    @Test func nestedEntitiesAndAttributesAreReadAsXMLDefinesThem() throws {
        let android = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
              <!ENTITY app "Chevron">
              <!ENTITY full "&app; &amp; Co">
              <!ENTITY loud "&full;!]]>">
              <!ENTITY key "open_&#x61;pp">
              <!ENTITY amp2 "&#38;#38;">
            ]>
            <resources>
                <string name="&key;">Open &loud; &#233;&lt;&gt; &amp2;</string>
            </resources>
            """
        let entries = try Self.read("values/strings.xml", android)
        #expect(entries.map(\.key) == ["open_app"])
        #expect(entries.map(\.title) == ["Open Chevron & Co!]]> é<> &"])
    }

    /// What the parser would refuse at every use of an entity is refused once, at the first use:
    /// markup in a value (written as such or as `&#60;`), an `&` that starts no reference, a
    /// character reference to a character XML does not allow. A character XML does not allow is
    /// refused wherever it is in the file.
    @Test func whatTheParserWouldRefuseInAValueIsRefusedOnce() {
        func android(_ declaration: String, _ use: String) -> String {
            "<!DOCTYPE resources [\(declaration)]>\n<resources>\n<string name=\"s\">\(use)</string>\n</resources>\n"
        }
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY b "<b>x</b>">"#, "&b;"))
                == "3: the entity &b; holds markup (<), which is not read: an entity's value is text")
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY b "&#60;b>x">"#, "&b;"))
                == "3: the entity &b; holds markup (<), which is not read: an entity's value is text")
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY a "x & y">"#, "&a;"))
                == "3: the entity &a; has an & that starts no reference (write &amp; for an &)")
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY c "&#38;#2;">"#, "&c;"))
                == "3: the entity &c; has an & that starts no reference (write &amp; for an &)")
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY a "x">"#, "&a;\u{7}"))
                == "3: holds U+0007, a character XML does not allow")
        #expect(
            Self.error("values/strings.xml", android(#"<!ENTITY a "x">"#, "&a;\u{FFFF}"))
                == "3: holds U+FFFF, a character XML does not allow")
    }

    /// A value with a line break keeps the lines after it where the file has them, and its
    /// line break is text.
    @Test func aLineBreakInAnEntityKeepsTheLinesOfTheFile() throws {
        let file = Self.xliff("<!DOCTYPE xliff [\n<!ENTITY two \"Zwei\nZeilen\">\n]>", "&two;")
            .replacingOccurrences(of: "</body>", with: "<trans-unit id=\"b\"><source>B</source></trans-unit>\n</body>")
        let entries = try Self.read("de.xliff", file)
        #expect(entries.map(\.title) == ["Zwei\nZeilen", "B"])
        // The units are on lines 7 and 8 of the file (its DTD spans lines 2 to 5).
        #expect(entries.map(\.line) == [7, 8])
    }

    // MARK: External entities and ways around the refusal

    /// An external entity is refused wherever it is declared: after an internal entity whose
    /// value holds `]>`, in a UTF-16 file, as a parameter entity. `X &xxe; Y` is never read as `X`.
    @Test func externalEntitiesAreRefusedHoweverTheFileIsWritten() throws {
        let hidden = """
            <?xml version="1.0"?>
            <!DOCTYPE resources [
              <!ENTITY a "]>">
              <!ENTITY xxe SYSTEM "file:///etc/hostname">
            ]>
            <resources><string name="s">X &xxe; Y</string></resources>
            """
        #expect(
            Self.error("values/strings.xml", hidden)
                == "4: the entity xxe is external (SYSTEM or PUBLIC), which is refused")
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(hidden.data(using: .utf16LittleEndian)!)
        #expect(
            Self.error("values/strings.xml", utf16)
                == "4: the entity xxe is external (SYSTEM or PUBLIC), which is refused")
        let parameter = """
            <?xml version="1.0"?>
            <!DOCTYPE resources [
              <!ENTITY % remote SYSTEM "http://example.invalid/x.dtd">
              %remote;
            ]>
            <resources><string name="s">X</string></resources>
            """
        #expect(
            Self.error("values/strings.xml", parameter)
                == "3: the entity %remote is external (SYSTEM or PUBLIC), which is refused")
        let xliff = Self.xliff(#"<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>"#, "X &xxe; Y")
        #expect(Self.error("de.xliff", xliff) == "2: the entity xxe is external (SYSTEM or PUBLIC), which is refused")
    }

    // MARK: Bounds

    /// One 10,000-character entity used 200 times writes out 2 MB: over the limit (256 KiB), an
    /// error at the line of the reference that crosses it.
    @Test func expansionIsBoundedInSize() {
        let big = String(repeating: "x", count: 10_000)
        let strings = (0..<200).map { "    <string name=\"s\($0)\">&big;</string>" }.joined(separator: "\n")
        let android = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [<!ENTITY big "\(big)">]>
            <resources>
            \(strings)
            </resources>
            """
        // 26 references of 10,000 bytes fit in 262,144; the 27th, on line 3 + 27, does not.
        #expect(Self.error("values/strings.xml", android) == "30: entity expansion over 262144 bytes (at &big;)")
    }

    /// Nested entities that would write out 10^9 bytes (the "billion laughs") are stopped at
    /// the limit, in XLIFF as in Android.
    @Test func nestedExpansionIsBoundedInWork() {
        var declarations = #"<!ENTITY l0 "lol">"#
        for level in 1...9 {
            let previous = String(repeating: "&l\(level - 1);", count: 10)
            declarations += "\n<!ENTITY l\(level) \"\(previous)\">"
        }
        let xliff = Self.xliff("<!DOCTYPE xliff [\n\(declarations)\n]>", "&l9;")
        #expect(Self.error("de.xliff", xliff) == "15: entity expansion over 262144 bytes (at &l9;)")
        // Empty values cost their reference: nesting alone cannot make unbounded work.
        var empty = #"<!ENTITY e0 "">"#
        for level in 1...12 { empty += "<!ENTITY e\(level) \"\(String(repeating: "&e\(level - 1);", count: 10))\">" }
        #expect(
            Self.error("de.xliff", Self.xliff("<!DOCTYPE xliff [\(empty)]>", "&e12;"))
                == "4: entity expansion over 262144 bytes (at &e12;)")
    }

    /// An entity that refers to itself, through another or directly, is an error.
    @Test func aLoopOfEntitiesIsAnError() {
        let loop = Self.xliff(#"<!DOCTYPE xliff [<!ENTITY a "x&b;"><!ENTITY b "&a;">]>"#, "&a;")
        #expect(Self.error("de.xliff", loop) == "4: the entity &a; refers to itself")
    }

    /// 5,000 declared entities before 5,000 strings cost what the strings cost: each reference
    /// is looked up, not each entity searched for in the whole file.
    @Test func manyEntitiesReadInLinearTime() throws {
        let declarations = (0..<5_000).map { "<!ENTITY e\($0) \"Wert \($0)\">" }.joined(separator: "\n")
        let strings = (0..<5_000).map { "<string name=\"s\($0)\">Titel \($0) &e\($0 % 10);</string>" }
            .joined(separator: "\n")
        let android = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
            \(declarations)
            ]>
            <resources>
            \(strings)
            </resources>
            """
        let work = ReadingWork()
        let entries = try ReadingWork.$current.withValue(work) { try Self.read("values/strings.xml", android) }
        #expect(entries.count == 5_000)
        #expect(entries.last?.title == "Titel 4999 Wert 9")
        // By hand: one expansion per reference, each writing its value once ("Wert 0" … "Wert 9",
        // six bytes each); the 4,990 entities never used are never written out.
        #expect(work.count(.entityExpanded) == 5_000)
        #expect(work.count(.entityValueByte) == 5_000 * 6)
    }
}
