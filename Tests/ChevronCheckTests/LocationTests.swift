import ChevronCheck
import ChevronTestSupport
import Foundation
import Testing

/// Where a report points: the line of the value itself, a key that names one title of a file, a
/// path without `.` and `..`, and ids a dashboard or a test report can follow.
struct LocationTests {
    /// The 1-based line of the first line of `text` that holds `needle`.
    static func line(of needle: String, in text: String) throws -> Int {
        let lines = text.components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "settings.title" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Einstellungen"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Réglages"
                  }
                }
              }
            },
            "followers" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Follower"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Followers"
                        }
                      }
                    }
                  }
                }
              }
            },
            "items" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@items@"
                  },
                  "substitutions" : {
                    "items" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg Eintrag"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg Einträge"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    /// A localisation's row points at its `"value"` line, a plural form's at that form's, a
    /// substitution's form at the substitution's form; only the source-language row the catalogue
    /// has no unit for (its text is the key) points at the key.
    @Test func anXcstringsRowIsAtTheLineOfItsValue() async throws {
        let run = try await CheckHarness.run(["Localizable.xcstrings": Self.catalog])
        let text = Self.catalog
        let expected: [String: Int] = [
            "settings.title (en)": try Self.line(of: "\"settings.title\" : {", in: text),
            "settings.title (de)": try Self.line(of: "\"value\" : \"Einstellungen\"", in: text),
            "settings.title (fr)": try Self.line(of: "\"value\" : \"Réglages\"", in: text),
            "followers (en)": try Self.line(of: "\"followers\" : {", in: text),
            "followers (de, plural one)": try Self.line(of: "\"value\" : \"%lld Follower\"", in: text),
            "followers (de, plural other)": try Self.line(of: "\"value\" : \"%lld Followers\"", in: text),
            "items (en)": try Self.line(of: "\"items\" : {", in: text),
            "items (de, items one)": try Self.line(of: "\"value\" : \"%arg Eintrag\"", in: text),
            "items (de, items other)": try Self.line(of: "\"value\" : \"%arg Einträge\"", in: text),
        ]
        #expect(Dictionary(uniqueKeysWithValues: run.rows.map { ($0.key, $0.line) }) == expected)
    }

    /// Keys written with escapes (`\"`, `\u00e9`, `\t`), values holding a `\n` escape (a line
    /// break in the title, none in the file), and localizations in the file in another order
    /// than the rows' (`fr` before `de`).
    static let escapedCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "say \"hi\" \u00e9" : {
              "localizations" : {
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Dis \"salut\"\n\u00e0 tous"
                  }
                },
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Sag \"hallo\"\nzu allen"
                  }
                }
              }
            },
            "next\tkey" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Weiter"
                  }
                }
              }
            }
          }
        }
        """#

    /// The lines were counted by hand, and agree with Python's: `enumerate(text.split("\n"), 1)`
    /// finds the keys on lines 4 and 20 and the `"value"` members on lines 9, 15 and 25.
    @Test func xcstringsLinesOfEscapedKeysAndValuesWithLineBreaks() async throws {
        let run = try await CheckHarness.run(["Localizable.xcstrings": Self.escapedCatalog])
        let expected: [String: Int] = [
            "say \"hi\" é (en)": 4,
            "say \"hi\" é (fr)": 9,
            "say \"hi\" é (de)": 15,
            "next\tkey (en)": 20,
            "next\tkey (de)": 25,
        ]
        #expect(Dictionary(uniqueKeysWithValues: run.rows.map { ($0.key, $0.line) }) == expected)
        #expect(run.rows.contains { $0.key == "say \"hi\" é (fr)" && $0.title == "Dis \"salut\"\nà tous" })
    }

    /// An Xcode export: one XLIFF document, a `<file>` per source file, the same generated id in
    /// two storyboards.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Base.lproj/Main.storyboard" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="abc-12.title"><source>Privacy and Security</source><target>Datenschutz und Sicherheit im Überblick</target></trans-unit>
            </body>
          </file>
          <file original="Base.lproj/Settings.storyboard" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="abc-12.title"><source>Notification Settings</source><target>Benachrichtigungseinstellungen für alle Konten</target></trans-unit>
            </body>
          </file>
          <file original="en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="done"><source>Done</source><target>Fertig</target></trans-unit>
            </body>
          </file>
        </xliff>
        """

    /// The keys Python's `xml.etree` reads from an XLIFF file: `original:id` per unit, in order.
    static func pythonKeys(_ path: String) throws -> [String] {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
            root = ET.parse(sys.argv[1]).getroot()
            print(json.dumps([f.get("original") + ":" + u.get("id")
                              for f in root.findall("x:file", ns) for u in f.iter("{urn:oasis:names:tc:xliff:document:1.2}trans-unit")]))
            """
        let output = try #require(try ExternalTools.run("python3", ["-c", script, path]))
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String])
    }

    /// When a document has several `<file>` elements, a unit's key is `original:id`: two units
    /// with one id in two files are two keys.
    @Test func xliffKeysAreQualifiedByTheirFileWhenThereAreSeveral() async throws {
        let folder = try CheckHarness.folder(["de.xliff": Self.export])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("de.xliff").path
        let keys = try TitleFile.read(path).map(\.key)
        #expect(keys == (try Self.pythonKeys(path)))
        #expect(Set(keys).count == 3)
        // A document of one <file> keeps the plain ids.
        let single = Self.export.replacingOccurrences(
            of: #"(?s)<file original="Base\.lproj/Settings.*?</file>\s*<file original="en\.lproj.*?</file>"#,
            with: "", options: .regularExpression)
        let one = try TitleFile.entries(in: Data(single.utf8), path: "de.xliff")
        #expect(one.map(\.key) == ["abc-12.title"])
    }

    /// Every SARIF result has a fingerprint of its own, and it stays when lines move; every JUnit
    /// case is one (suite, classname, name), as Python's `xml.etree` reads the document.
    @Test func fingerprintsAndCaseNamesAreUniqueAndStable() async throws {
        // Two units with one id in two <file>s, and a .strings file with a key twice.
        let strings =
            "\"title\" = \"Datenschutz und Sicherheit im Überblick\";\n\"title\" = \"Benachrichtigungseinstellungen\";\n"
        // Checked twice in one folder: as written, then with every line moved down by two.
        let folder = try CheckHarness.folder(["de.xliff": Self.export, "de.lproj/Localizable.strings": strings])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = CheckPlan()
        plan.files = ["de.xliff", "de.lproj/Localizable.strings"].map { folder.appendingPathComponent($0).path }
        plan.looks = ["classic", "modern"]
        let run = try await CheckRun(plan, clients: [CheckHarness.client])
        func fingerprints(_ run: CheckRun) throws -> [String] {
            try XLIFFTests.sarifResults(run).map { result in
                let prints = try #require(result["partialFingerprints"] as? [String: String])
                return try #require(prints.values.first)
            }
        }
        let first = try fingerprints(run)
        #expect(first.count >= 6, "\(first)")
        #expect(Set(first).count == first.count, "\(first)")
        try Self.export.replacingOccurrences(of: "<xliff ", with: "<!-- a -->\n\n<xliff ").write(
            to: folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        try ("// a\n\n" + strings).write(
            to: folder.appendingPathComponent("de.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        let moved = try await CheckRun(plan, clients: [CheckHarness.client])
        #expect(moved.rows.map { $0.line - 2 } == run.rows.map(\.line))
        #expect(try fingerprints(moved) == first)

        let junit = CheckJUnit.document(run.rows, looks: run.looks, failOn: [])
        try junit.write(to: folder.appendingPathComponent("report.xml"), atomically: true, encoding: .utf8)
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(json.dumps([[s.get("name"), c.get("classname"), c.get("name")]
                              for s in root.iter("testsuite") for c in s.iter("testcase")]))
            """
        let output = try #require(
            try ExternalTools.run("python3", ["-c", script, folder.appendingPathComponent("report.xml").path]))
        let cases = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]])
        #expect(cases.count == run.rows.count)
        #expect(Set(cases).count == cases.count, "\(cases)")
    }

    /// Reports name a file by its path without `.` and without a `..` that can be removed.
    @Test func pathsInReportsAreNormalised() async throws {
        let run = try await CheckHarness.run(["sub/a.txt": "Settings\n", "de.lproj/x.strings": "\"a\" = \"b\";\n"]) {
            plan in
            plan.files = plan.files.map { path in
                let url = URL(fileURLWithPath: path)
                let folder = url.deletingLastPathComponent().deletingLastPathComponent().path
                return folder + "/./sub/../" + url.deletingLastPathComponent().lastPathComponent + "/"
                    + url.lastPathComponent
            }
        }
        #expect(
            run.rows.allSatisfy { !$0.file.contains("/./") && !$0.file.contains("/../") }, "\(run.rows.map(\.file))")
        #expect(run.rows.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["x.strings", "a.txt"])
        #expect(run.rows.first?.language == "de")
        // Relative paths stay relative, absolute ones absolute; a `..` with nothing before it stays.
        let cases = [
            "./a/../b/x.strings": "b/x.strings", "../x.strings": "../x.strings", "a/../../x.strings": "../x.strings",
            "/a/../../x.strings": "/x.strings", "a//b/./c.txt": "a/b/c.txt", "App.xcloc/": "App.xcloc", "./": ".",
            "-": "-",
        ]
        for (path, normalised) in cases {
            #expect(TitleFile.normalizedPath(path) == normalised, "\(path)")
        }
    }
}
