import ChevronLooks
import ChevronTestSupport
import Foundation
import Testing

/// The generic title table against the committed extract of its source, Flutter's Cupertino
/// `backButtonLabel` (data/back-titles/): any difference not listed with its reason in
/// data/back-titles/differences.tsv fails.
struct GenericTitlesTests {
    /// A TSV file of data/back-titles/ as (first column → second column), comments skipped.
    static func table(_ name: String) throws -> [String: String] {
        let url = DaemonProcess.packageRoot.appendingPathComponent("data/back-titles/\(name)")
        var table: [String: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            table[columns[0]] = columns[1]
        }
        return table
    }

    /// The listed differences: locale → (ours, Cupertino's, reason).
    static func differences() throws -> [String: (ours: String, theirs: String, reason: String)] {
        let url = DaemonProcess.packageRoot.appendingPathComponent("data/back-titles/differences.tsv")
        var rows: [String: (String, String, String)] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count == 4, "differences.tsv: \(line)")
            rows[columns[0]] = (columns[1], columns[2], columns[3])
        }
        return rows
    }

    @Test func theTableIsCupertinosExceptTheListedDifferences() throws {
        let cupertino = try Self.table("flutter-cupertino-backButtonLabel.tsv")
        let listed = try Self.differences()
        for locale in Set(cupertino.keys).union(GenericTitles.table.keys).union(listed.keys).sorted() {
            let ours = GenericTitles.table[locale]
            let theirs = cupertino[locale]
            if let difference = listed[locale] {
                #expect(ours == difference.ours, "\(locale): the table is not what differences.tsv says")
                #expect((theirs ?? "") == difference.theirs, "\(locale): the source is not what differences.tsv says")
                #expect(ours != theirs, "\(locale) is listed as a difference but is none")
                #expect(!difference.reason.isEmpty, "\(locale): a difference needs its reason")
            } else {
                #expect(ours == theirs, "\(locale): \(ours ?? "none") in the table, \(theirs ?? "none") in the source")
            }
        }
        #expect(GenericTitles.table.count >= 40)
    }

    @Test func theDifferencesTakenFromMaterialAreMaterials() throws {
        let material = try Self.table("flutter-material-backButtonTooltip.tsv")
        for (locale, difference) in try Self.differences() {
            #expect(material[locale] == difference.ours, "\(locale)")
        }
    }

    @Test func languagesFindTheirMostSpecificEntry() {
        #expect(GenericTitles.title(for: "de") == "Zurück")
        #expect(GenericTitles.title(for: "de-AT") == "Zurück")
        #expect(GenericTitles.title(for: "ar") == "رجوع")
        #expect(GenericTitles.title(for: "ja") == "戻る")
        #expect(GenericTitles.title(for: "en") == "Back")
        #expect(GenericTitles.title(for: "pt-PT") == "Anterior")
        #expect(GenericTitles.title(for: "pt-BR") == GenericTitles.table["pt"])
        #expect(GenericTitles.title(for: "sr-Latn-RS") == GenericTitles.table["sr_Latn"])
        #expect(GenericTitles.title(for: "es-MX") == GenericTitles.table["es_MX"])
        #expect(GenericTitles.title(for: "zh") == GenericTitles.table["zh"])
        #expect(GenericTitles.title(for: "zh-HK") == GenericTitles.table["zh_HK"])
        #expect(GenericTitles.title(for: "zh-Hant") == GenericTitles.table["zh_TW"])
        #expect(GenericTitles.title(for: "x-klingon") == nil)
        #expect(GenericTitles.title(for: "tlh") == nil)
    }
}
