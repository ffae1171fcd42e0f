import ChevronTestSupport
import Foundation
import Testing

/// The two formats added through `CatalogueReader` alone: Flutter's ARB and gettext's PO, each
/// read by chevron and by an independent parser (Python's `json` with PyPI's
/// `pyicumessageformat`; PyPI's `polib` with the standard library's `gettext.c2py` and Babel's
/// plural rules), their rows and titles compared.
struct ARBAndPOTests {
    static let samples = DaemonProcess.packageRoot.appendingPathComponent("Tests/samples")

    /// chevron's rows for `file` in classic (its widths do not matter here): key, title as the
    /// file writes it (`template` where placeholders were filled), language.
    static func chevronRows(_ file: String, _ extra: [String] = []) throws -> [[String]] {
        let result = try CLITests.run(
            "chevron",
            ["check", samples.appendingPathComponent(file).path, "--look", "classic", "--json", "--local"] + extra)
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try CheckTests.reportRows(result.output))
        return rows.map {
            [
                $0["key"] as? String ?? "", ($0["template"] as? String) ?? ($0["title"] as? String ?? ""),
                $0["language"] as? String ?? "-",
            ]
        }
    }

    static func python(_ script: String, _ arguments: [String]) throws -> Any {
        let result = try CLITests.run("python3", ["-c", script] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    @Test func anARBFileIsReadAsPythonsJSONAndAnICUParserRead() throws {
        // The witness writes each message's forms as docs/check-formats.md says chevron does: a plural
        // category's count (`#`, or the argument itself) as %lld, an exact form's as its number,
        // a select form as it is; nested arguments multiply.
        let script = #"""
            import json, sys
            from pyicumessageformat import Parser
            data = json.load(open(sys.argv[1], encoding="utf-8"))
            parser = Parser({"allow_tags": False})
            CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
            def render(nodes, count, name):
                forms = [("", "")]
                for node in nodes:
                    if isinstance(node, str):
                        forms = [(l, t + node) for l, t in forms]
                    elif node.get("hash"):
                        forms = [(l, t + (count if count is not None else "#")) for l, t in forms]
                    elif node.get("type") in ("plural", "selectordinal", "select"):
                        kind = {"selectordinal": "ordinal"}.get(node["type"], node["type"])
                        out = []
                        for label, text in forms:
                            for selector, inner in node["options"].items():
                                if kind == "select":
                                    spelling, own = count, name
                                elif selector.startswith("="):
                                    spelling, own = selector[1:], node["name"]
                                else:
                                    spelling, own = "%lld", node["name"]
                                for l2, t2 in render(inner, spelling, own if kind != "select" else name):
                                    if kind != "select":
                                        t2 = t2.replace("{" + node["name"] + "}", spelling)
                                    labels = [x for x in (label, f"{kind} {selector}", l2) if x]
                                    out.append((", ".join(labels), text + t2))
                        forms = out
                    else:
                        forms = [(l, t + "{" + node["name"] + "}") for l, t in forms]
                return forms
            rows = []
            language = data.get("@@locale", "-")
            for key, value in data.items():
                if key.startswith("@"):
                    continue
                for label, text in render(parser.parse(value), None, None):
                    rows.append([key + (f" ({label})" if label else ""), text, language])
            print(json.dumps(rows, ensure_ascii=False))
            """#
        let file = "flutter/app_de.arb"
        let expected = try #require(
            try Self.python(script, [Self.samples.appendingPathComponent(file).path]) as? [[String]])
        let read = try Self.chevronRows(file)
        #expect(read.count == expected.count)
        #expect(read == expected)
        // `description` is the comment --titles-comment selects by.
        let selected = try Self.chevronRows(file, ["--titles-comment", "^Back button"])
        #expect(
            Set(selected.map { $0[0].split(separator: " ").first.map(String.init) ?? "" })
                == ["settingsTitle", "privacyTitle", "inboxTitle", "profileTitle"])
    }

    @Test(arguments: ["gettext/de/LC_MESSAGES/app.po", "gettext/pl.po"])
    func aPOFileIsReadAsPolibReadsIt(file: String) throws {
        // polib's entries, fuzzy and untranslated ones left out (counted); a plural entry a row per
        // msgstr[n], named by the CLDR category (Babel's rules) of the counts gettext's own
        // evaluation of Plural-Forms sends to n, the most of them.
        let script = #"""
            import json, sys, gettext, collections
            import polib
            from babel import Locale
            po = polib.pofile(sys.argv[1])
            language = po.metadata.get("Language", "-")
            locale = Locale.parse(language)
            expression = po.metadata["Plural-Forms"].split("plural=")[1].rstrip(";")
            plural = gettext.c2py(expression)
            order = ["zero", "one", "two", "few", "many", "other"]
            def category(index):
                tally = collections.Counter(locale.plural_form(n) for n in range(0, 1001) if plural(n) == index)
                return max(tally, key=lambda c: (tally[c], -order.index(c)))
            rows, untranslated = [], 0
            for entry in po:
                if entry.obsolete:
                    continue
                key = (entry.msgctxt + "|" if entry.msgctxt is not None else "") + entry.msgid
                if entry.msgid_plural:
                    for index in sorted(entry.msgstr_plural):
                        text = entry.msgstr_plural[index]
                        if "fuzzy" in entry.flags or not text:
                            untranslated += 1
                            continue
                        rows.append([f"{key} (plural {category(index)})", text, language])
                elif "fuzzy" in entry.flags or not entry.msgstr:
                    untranslated += 1
                else:
                    rows.append([key, entry.msgstr, language])
            print(json.dumps({"rows": rows, "untranslated": untranslated}, ensure_ascii=False))
            """#
        let expected = try #require(
            try Self.python(script, [Self.samples.appendingPathComponent(file).path]) as? [String: Any])
        let read = try Self.chevronRows(file)
        #expect(read == (expected["rows"] as? [[String]]))
        let json = try CLITests.json(
            try CLITests.run(
                "chevron", ["check", Self.samples.appendingPathComponent(file).path, "--json", "--local"]
            ).output)
        #expect((json["summary"] as? [String: Any])?["untranslated"] as? Int == expected["untranslated"] as? Int)
    }

    @Test func theFormatsAreKnownByNameExtensionAndContent() throws {
        // By content: the same files under names that say nothing.
        let folder = try FontFixtures.folder("chevron-formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (sample, name) in [("flutter/app_de.arb", "messages.json"), ("gettext/pl.po", "catalogue")] {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent(sample), to: copy)
            let result = try CLITests.run("chevron", ["check", copy.path, "--look", "classic", "--local", "--json"])
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(try CheckTests.reportRows(result.output)?.isEmpty == false, "\(name)")
        }
        // By name: --input-format arb and po, and the list of formats an unknown file gets.
        let text = folder.appendingPathComponent("notes.bin")
        try "nothing".write(to: text, atomically: true, encoding: .utf8)
        let refused = try CLITests.run("chevron", ["check", text.path, "--local"])
        #expect(refused.error.contains("Flutter .arb") && refused.error.contains("gettext .po"), "\(refused.error)")
        let help = try CLITests.run("chevron", ["help", "check"])
        #expect(help.output.contains("arb") && help.output.contains("po"))
    }

    /// Messages built to trap or stall a reader: a choice nested past the reader's limit and a
    /// Plural-Forms expression in parentheses past its limit are refused by name; choices whose
    /// forms multiply (2⁶ before a choice nested six deep, 2⁶ more inside) are read to the 64
    /// forms a message gives at most; an expression that overflows 64 bits at n = 1,000 is read.
    @Test func hostileMessagesAreRefusedByNameOrReadWithoutATrap() throws {
        let folder = try FontFixtures.folder("chevron-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A choice whose forms both hold the next one (2^depth forms), and one whose first form
        // alone does (a line of depth choices).
        func nested(_ depth: Int) -> String {
            depth == 0 ? "x" : "{n\(depth), select, a {\(nested(depth - 1))} other {\(nested(depth - 1))}}"
        }
        func line(_ depth: Int) -> String {
            depth == 0 ? "x" : "{n\(depth), select, a {\(line(depth - 1))} other {y}}"
        }
        func check(_ name: String, _ text: String) throws -> (status: Int32, rows: Int, error: String) {
            let file = folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try CLITests.run("chevron", ["check", file.path, "--look", "classic", "--local", "--json"])
            return (result.status, try CheckTests.reportRows(result.output)?.count ?? -1, result.error)
        }
        func arb(_ message: String) throws -> String {
            let data = try JSONSerialization.data(withJSONObject: ["@@locale": "de", "title": message])
            return String(decoding: data, as: UTF8.self)
        }

        let deep = try check("deep_de.arb", try arb(line(40)))
        #expect(deep.status != 0 && deep.error.contains("nested more than 16 deep"), "\(deep)")

        let multiplying = (0..<6).map { "{s\($0), select, a {A} other {B}}" }.joined() + nested(6)
        let wide = try check("wide_de.arb", try arb(multiplying))
        #expect(wide.status == 0 && wide.rows == 64, "\(wide)")

        func po(_ plural: String) -> String {
            """
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Plural-Forms: nplurals=2; plural=\(plural);\\n"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d Datei"
            msgstr[1] "%d Dateien"
            """
        }
        let overflowing = try check("overflow.po", po("n*n*n*n*n*n*n*n > 1"))
        #expect(overflowing.status == 0 && overflowing.rows == 2, "\(overflowing)")
        let parenthesised = try check(
            "parentheses.po", po(String(repeating: "(", count: 100) + "n != 1" + String(repeating: ")", count: 100)))
        #expect(
            parenthesised.status != 0 && parenthesised.error.contains("nested more than 32 deep"), "\(parenthesised)")
    }
}
