import ChevronCheck
import Foundation
import Testing

/// XLIFF as exports write it: inline codes stand for the text they show (or for none), and a
/// unit's limit is a width, a number of characters or a number of bytes.
struct XLIFFTests {
    /// The titles a document's units give, read as `check` reads them.
    static func titles(_ xliff: String) throws -> [String] {
        try TitleFile.entries(in: Data(xliff.utf8), path: "de.xliff").map(\.title)
    }

    /// XLIFF 1.2: `<x/>`, `<bx/>`, `<ex/>` are their `equiv-text`; `<ph>`, `<it>`, `<bpt>` and
    /// `<ept>` hold native code, never shown, so they are their `equiv-text` or nothing; `<g>` and
    /// `<mrk>` hold text. An `<alt-trans>` proposal is not the unit's text.
    @Test func xliff12InlineCodesAreTheTextTheyStandFor() throws {
        let xliff = """
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
            <trans-unit id="x"><source>x</source><target>Hallo <x id="1" equiv-text="%@"/>!</target></trans-unit>
            <trans-unit id="bpt"><source>x</source><target><bpt id="1">&lt;b&gt;</bpt>Fett<ept id="1">&lt;/b&gt;</ept></target></trans-unit>
            <trans-unit id="ph"><source>x</source><target><ph id="1" equiv-text="%d">{count}</ph> neu</target></trans-unit>
            <trans-unit id="code"><source>x</source><target><ph id="1">&lt;br/&gt;</ph>Zeile</target></trans-unit>
            <trans-unit id="g"><source>x</source><target><g id="1">Gruppe</g> <mrk mtype="term">Begriff</mrk></target></trans-unit>
            <trans-unit id="pair"><source>x</source><target><bx id="1" equiv-text="["/>a<ex id="1" equiv-text="]"/><it id="2" pos="open" equiv-text="*">&lt;i&gt;</it></target></trans-unit>
            <trans-unit id="alt"><source>Back</source><target>Zurück</target>
              <alt-trans><source>Back</source><target>Zurückgehen</target></alt-trans></trans-unit>
            </body></file></xliff>
            """
        #expect(try Self.titles(xliff) == ["Hallo %@!", "Fett", "%d neu", "Zeile", "Gruppe Begriff", "[a]*", "Zurück"])
    }

    /// XLIFF 2.0: `<ph>` is its `equiv` (else its `disp`); `<pc>` holds text and its
    /// `dispStart`/`dispEnd` are not shown; `<sc>`/`<ec>` are their `equiv`; `<mrk>` holds text,
    /// `<sm/>`/`<em/>` are none; `<cp>` is the character it names. A unit's text is its segments'
    /// and ignorables' in order, each its target, else its source.
    @Test func xliff20InlineCodesAreTheTextTheyStandFor() throws {
        let xliff = """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
            <file id="f1">
            <unit id="ph"><originalData><data id="d1">%1$@</data></originalData>
              <segment><source>x</source><target>Hallo <ph id="1" dataRef="d1" equiv="%@" disp="{name}"/>!</target></segment></unit>
            <unit id="disp"><segment><source>x</source><target><ph id="1" disp="{count}"/> neu</target></segment></unit>
            <unit id="pc"><segment><source>x</source><target><pc id="1" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">Fett</pc> <sc id="2" equiv="("/>klein<ec startRef="2" equiv=")"/></target></segment></unit>
            <unit id="mrk"><segment><source>x</source><target><mrk id="m1" type="term">Begriff</mrk> <sm id="m2"/>frei<em startRef="m2"/><cp hex="0009"/>Tab</target></segment></unit>
            <unit id="segments"><segment><source>One</source><target>Eins</target></segment><ignorable><source> </source></ignorable><segment><source>Two</source><target>Zwei</target></segment></unit>
            </file></xliff>
            """
        #expect(
            try Self.titles(xliff) == ["Hallo %@!", "{count} neu", "Fett (klein)", "Begriff frei\tTab", "Eins Zwei"])
    }

    /// The XLIFF 1.2 units of `body`, in a German file.
    static func xliff12(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2"><file original="Localizable.strings" source-language="en" target-language="de"><body>
        \(body)
        </body></file></xliff>
        """
    }

    /// The SARIF results of `run`, as a dashboard reads them.
    static func sarifResults(_ run: CheckRun, failOn: [CheckPlan.FailOn] = []) throws -> [[String: Any]] {
        let sarif = CheckHarness.json {
            CheckSARIF.write(run.rows, failOn: failOn, version: "test", fingerprint: nil, to: &$0)
        }
        let document = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
        return try #require((document?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    }

    /// The summary as `check --json` writes it.
    static func summary(_ run: CheckRun) throws -> [String: Any] {
        let text = CheckHarness.json { run.summary.write(to: &$0) }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `maxwidth` in characters (`char`: Unicode code points; `glyph`: grapheme clusters) or bytes
    /// (UTF-8) is a limit on the title's length, reported as `over-length` in every format and
    /// failed by `--fail-on limit`; a maxwidth or size-unit chevron cannot read is a row error that
    /// names it.
    @Test func lengthLimitsInCharactersAndBytesAreChecked() async throws {
        let file = Self.xliff12(
            """
            <trans-unit id="chars" maxwidth="10" size-unit="char"><source>Settings</source><target>Einstellungen</target></trans-unit>
            <trans-unit id="fits" maxwidth="13" size-unit="char"><source>Settings</source><target>Einstellungen</target></trans-unit>
            <trans-unit id="bytes" maxwidth="6" size-unit="byte"><source>Back</source><target>Zurück</target></trans-unit>
            <trans-unit id="glyphs" maxwidth="4" size-unit="glyph"><source>Cafe</source><target>Cafe\u{301}</target></trans-unit>
            <trans-unit id="letters" maxwidth="4" size-unit="char"><source>Cafe</source><target>Cafe\u{301}</target></trans-unit>
            <trans-unit id="word" maxwidth="abc"><source>A</source></trans-unit>
            <trans-unit id="unit" maxwidth="3" size-unit="em"><source>A</source></trans-unit>
            <trans-unit id="zero" maxwidth="0" size-unit="char"><source>A</source></trans-unit>
            """)
        let run = try await CheckHarness.run(["de.lproj/Localizable.xliff": file])
        let problems = Dictionary(
            uniqueKeysWithValues: run.rows.map { ($0.key, CheckProblem.of($0).map(\.rawValue)) })
        // Counted by hand: "Einstellungen" is 13 characters, "Zurück" 7 UTF-8 bytes, "Cafe" with a
        // combining accent 4 grapheme clusters and 5 code points.
        #expect(problems["chars"] == ["over-length"])
        #expect(problems["fits"] == [])
        #expect(problems["bytes"] == ["over-length"])
        #expect(problems["glyphs"] == [])
        #expect(problems["letters"] == ["over-length"])
        let errors = Dictionary(uniqueKeysWithValues: run.rows.map { ($0.key, $0.error) })
        #expect(errors["word"] == "maxwidth=\"abc\": not a number")
        #expect(errors["unit"]??.hasPrefix("size-unit=\"em\": ") == true, "\(String(describing: errors["unit"]))")
        #expect(errors["zero"] == "maxwidth=\"0\": not a positive number")
        #expect(errors["chars"] == .some(nil))

        let over = try #require(run.rows.first { $0.key == "chars" })
        #expect(over.fails(.limit) && over.fails(.any) && !over.fails(.truncate))
        let summary = try Self.summary(run)
        #expect(summary["overLength"] as? Int == 3 && summary["errors"] as? Int == 3)
        #expect(CheckSummaryLine.text(run.summary, slots: run.slots).contains("3 over their length limit"))

        // Every machine format reports it, as an error under --fail-on limit.
        let results = try Self.sarifResults(run, failOn: [.limit])
        let overLength = results.filter { $0["ruleId"] as? String == "over-length" }
        #expect(overLength.count == 3)
        #expect(overLength.allSatisfy { $0["level"] as? String == "error" })
        let message = (overLength.first?["message"] as? [String: Any])?["text"] as? String ?? ""
        #expect(message.contains("13 characters") && message.contains("10"), "\(message)")
        let junit = CheckJUnit.document(run.rows, looks: run.looks, failOn: [.limit])
        #expect(junit.components(separatedBy: "<failure type=\"over-length\"").count == 4, "\(junit)")
        let github = CheckGitHub.lines(run.rows, failOn: [.limit])
        #expect(github.filter { $0.hasPrefix("::error ") && $0.contains("over-length") }.count == 3, "\(github)")
        #expect(CheckTable.lines(run.rows).filter { $0.contains("OVER ITS LENGTH LIMIT") }.count == 3)
    }

    /// XLIFF 2.0's size and length restriction module: `slr:sizeRestriction` under the
    /// `xliff:codepoints` profile counts code points (after the normalisation `slr:normalization`
    /// names, none by default), `slr:storageRestriction` under `xliff:utf8` counts UTF-8 bytes; a
    /// restriction under a profile chevron does not know, or under none, is a row error naming it.
    @Test func xliff20SizeAndStorageRestrictionsAreChecked() async throws {
        let file = """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0"
                   version="2.0" srcLang="en" trgLang="de">
            <file id="f1"><slr:profiles generalProfile="xliff:codepoints" storageProfile="xliff:utf8">
              <slr:normalization general="nfc"/></slr:profiles>
            <unit id="size" slr:sizeRestriction="10"><segment><source>Settings</source><target>Einstellungen</target></segment></unit>
            <unit id="storage" slr:storageRestriction="6"><segment><source>Back</source><target>Zurück</target></segment></unit>
            <unit id="nfc" slr:sizeRestriction="4"><segment><source>Cafe</source><target>Cafe\u{301}</target></segment></unit>
            <unit id="range" slr:sizeRestriction="2,20"><segment><source>Back</source><target>Zurück</target></segment></unit>
            </file>
            <file id="f2"><slr:profiles generalProfile="acme:pixels"/>
            <unit id="unknown" slr:sizeRestriction="80"><segment><source>Back</source><target>Zurück</target></segment></unit>
            </file>
            <file id="f3"><slr:profiles generalProfile="xliff:codepoints"/>
            <unit id="decomposed" slr:sizeRestriction="4"><segment><source>Cafe</source><target>Cafe\u{301}</target></segment></unit>
            </file>
            <file id="f4">
            <unit id="unsaid" slr:sizeRestriction="4"><segment><source>Back</source><target>Zurück</target></segment></unit>
            </file></xliff>
            """
        let run = try await CheckHarness.run(["de.xlf": file])
        func row(_ id: String) throws -> CheckRow { try #require(run.rows.first { $0.key.hasSuffix(id) }) }
        #expect(CheckProblem.of(try row("size")).map(\.rawValue) == ["over-length"])
        #expect(CheckProblem.of(try row("storage")).map(\.rawValue) == ["over-length"])
        #expect(CheckProblem.of(try row("nfc")).isEmpty)
        #expect(CheckProblem.of(try row("range")).isEmpty)
        #expect(CheckProblem.of(try row("decomposed")).map(\.rawValue) == ["over-length"])
        #expect(
            try row("unknown").error
                == "slr:sizeRestriction=\"80\" under generalProfile=\"acme:pixels\": not a profile chevron reads (xliff:codepoints)"
        )
        #expect(
            try row("unsaid").error?.hasPrefix("slr:sizeRestriction=\"4\": no <slr:profiles generalProfile>") == true)
        #expect(try row("storage").lengthChecks.map(\.length) == [7])
    }
}
