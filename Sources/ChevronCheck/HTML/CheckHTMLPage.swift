import ChevronJSON
import ChevronSupport

extension CheckHTML {
    /// The problems the page names, in the order of the summary's columns, with their labels.
    static let kinds: [(problem: CheckProblem, label: String)] = [
        (.truncated, "truncated"), (.fellBack, "fell back"), (.lineBreak, "line break"),
        (.missingGlyphs, "missing glyphs"), (.overOwnLimit, "over own limit"), (.overLength, "over length"),
        (.nearLimit, "near limit"),
        (.error, "title error"),
    ]

    /// The label of a problem, as the page's badges and filter say it.
    static func label(_ problem: CheckProblem) -> String {
        kinds.first { $0.problem == problem }?.label ?? problem.rawValue
    }

    /// The page's text: every string of a catalogue escaped (`HTMLText`), no data in the script.
    struct Page {
        let run: CheckRun
        let layout: Layout
        let pictures: CheckHTMLPictures
        /// Per picture, its `src`: a file in `buttons/`, or a data: URI.
        let sources: [String]
        let options: Options

        /// The value a row's language has in the page's data and filters: its tag, or `-`.
        static func languageValue(_ language: String?) -> String { language ?? "-" }

        var text: String {
            var html = ""
            html.reserveCapacity(1 << 20 + layout.entries.count * 1200)
            head(&html)
            html += "<body>\n<a class=\"skip\" href=\"#list-heading\">Skip to the titles</a>\n<main>\n"
            introduction(&html)
            unreadable(&html)
            summaryTable(&html)
            filters(&html)
            html += "<ol id=\"titles\"></ol>\n"
            html += "<p><button type=\"button\" id=\"more\" hidden>Show more titles</button></p>\n</section>\n"
            notes(&html)
            html += "</main>\n"
            footer(&html)
            // The rows as data, which the script lists a page at a time: a catalogue's text is
            // in JSON strings that cannot end the element (`JSONTextWriter(htmlSafe: true)`).
            html += "<script type=\"application/json\" id=\"report-data\">"
            data(&html)
            html += "</script>\n<script>\n" + CheckHTMLAssets.script + "\n</script>\n</body>\n</html>\n"
            return html
        }

        private func head(_ html: inout String) {
            let listed = layout.entries.count
            html += """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta http-equiv="Content-Security-Policy" content="\(CheckHTML.contentSecurityPolicy)">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <meta name="generator" content="chevron check\(options.version.isEmpty ? "" : " " + HTMLText.escaped(options.version))">
                <title>chevron check: \(listed) title\(listed == 1 ? "" : "s") listed</title>
                <style>
                \(CheckHTMLAssets.style)

                """
            // Each look's bar behind its buttons; a colour that is not #RRGGBB(AA) is left out.
            for (index, look) in run.looks.enumerated() {
                guard let bar = options.bars[look], Self.isColor(bar.top), Self.isColor(bar.bottom) else { continue }
                html += ".b\(index) { background: linear-gradient(\(bar.top), \(bar.bottom)); }\n"
            }
            html += "</style>\n</head>\n"
        }

        /// Whether `text` is `#RRGGBB` or `#RRGGBBAA`, all a style sheet is given of a look.
        static func isColor(_ text: String) -> Bool {
            text.hasPrefix("#") && (text.count == 7 || text.count == 9) && text.dropFirst().allSatisfy(\.isHexDigit)
        }

        private func introduction(_ html: inout String) {
            let summary = run.summary
            let looks = run.looks.map(HTMLText.escaped).joined(separator: ", ")
            html += "<h1>chevron check</h1>\n<p class=\"lead\">\(layout.titles) titles checked in "
            html += "\(run.looks.count) look\(run.looks.count == 1 ? "" : "s") (\(looks)): \(layout.checked) rows, "
            html += "\(layout.withProblems) with a problem. "
            let passing = layout.passingTitles
            if options.listPassing {
                html +=
                    "\(passing) title\(passing == 1 ? "" : "s") show whole in every look; every title is listed.</p>\n"
            } else {
                html +=
                    "\(passing) title\(passing == 1 ? "" : "s") show whole in every look: counted, not listed "
                    + "(<code>--html-all</code> lists them).</p>\n"
            }
            if pictures.undrawn > 0 {
                html +=
                    "<p class=\"lead\">\(pictures.pictures.count) pictures are drawn, for the rows with the most "
                    + "severe problems; \(pictures.undrawn) rows show their title as text (<code>--html-pictures</code> "
                    + "draws more).</p>\n"
            }
            if let baseline = summary.baseline {
                html +=
                    "<p class=\"lead\">Since the baseline: \(baseline.new) new problems, \(baseline.accepted) "
                    + "accepted, \(baseline.fixed) fixed.</p>\n"
            }
            if let left = summary.leftOutBySelection {
                html += "<p class=\"lead\">\(left) strings were not selected as titles.</p>\n"
            }
            if summary.untranslated > 0 {
                html += "<p class=\"lead\">\(summary.untranslated) untranslated strings were left out.</p>\n"
            }
        }

        private func unreadable(_ html: inout String) {
            let files = run.rows.filter(\.isUnreadableFile)
            guard !files.isEmpty else { return }
            html += "<h2>Files not read</h2>\n<ul class=\"error\">\n"
            for row in files {
                let place = row.line > 0 ? "\(row.file):\(row.line)" : row.file
                html +=
                    "<li><span dir=\"ltr\">\(HTMLText.shown(place))</span>: \(HTMLText.shown(row.error ?? ""))</li>\n"
            }
            html += "</ul>\n"
        }

        /// Points as the page shows them: to a tenth.
        static func points(_ value: Double) -> String { Points.text((value * 10).rounded() / 10) }

        /// The fragment that filters the list: `#language=de&look=classic&problem=truncated`.
        static func filterLink(language: String?, look: String, problem: String?) -> String {
            var link = "#language=\(HTMLText.percentEncoded(languageValue(language)))"
            link += "&look=\(HTMLText.percentEncoded(look))"
            if let problem { link += "&problem=\(HTMLText.percentEncoded(problem))" }
            return link
        }

        private func summaryTable(_ html: inout String) {
            struct Counts {
                var rows = 0
                var problems: [CheckProblem: Int] = [:]
                var new = 0
            }
            var counts: [String: Counts] = [:]
            for row in run.rows where !row.isUnreadableFile {
                let id = (row.language ?? "") + "\u{0}" + row.slot
                var group = counts[id] ?? Counts()
                group.rows += 1
                for problem in row.problems.members { group.problems[problem, default: 0] += 1 }
                if row.hasNewProblems { group.new += 1 }
                counts[id] = group
            }
            let baselined = run.summary.baseline != nil
            html +=
                "<section aria-labelledby=\"summary-heading\">\n<h2 id=\"summary-heading\">Per language and look</h2>\n"
            html += "<div class=\"table-wrap\"><table>\n<caption>Rows per language and look, the most problems first; "
            html += "a count shows its titles in the list.</caption>\n<thead><tr><th scope=\"col\">language</th>"
            html += "<th scope=\"col\">look</th><th scope=\"col\">rows</th>"
            for kind in CheckHTML.kinds { html += "<th scope=\"col\">\(kind.label)</th>" }
            if baselined { html += "<th scope=\"col\">new since the baseline</th>" }
            html += "</tr></thead>\n<tbody>\n"
            func cell(_ count: Int, _ link: String) -> String {
                count == 0
                    ? "<td class=\"n zero\">0</td>"
                    : "<td class=\"n\"><a class=\"filter\" href=\"\(HTMLText.escaped(link))\">\(count)</a></td>"
            }
            for group in run.languages {
                let id = (group.language ?? "") + "\u{0}" + group.look
                let found = counts[id] ?? Counts()
                let language = group.language.map(HTMLText.shown) ?? "(none)"
                html += "<tr><th scope=\"row\">\(language)</th><td>\(HTMLText.shown(group.look))</td>"
                let withProblems = found.problems.isEmpty ? 0 : found.rows
                html +=
                    withProblems == 0 && !options.listPassing
                    ? "<td class=\"n\">\(found.rows)</td>"
                    : cell(found.rows, Self.filterLink(language: group.language, look: group.look, problem: nil))
                for kind in CheckHTML.kinds {
                    html += cell(
                        found.problems[kind.problem] ?? 0,
                        Self.filterLink(language: group.language, look: group.look, problem: kind.problem.rawValue))
                }
                if baselined {
                    html += cell(found.new, Self.filterLink(language: group.language, look: group.look, problem: "new"))
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table></div>\n</section>\n"
        }

        private func filters(_ html: inout String) {
            html += "<section aria-labelledby=\"list-heading\">\n<h2 id=\"list-heading\" tabindex=\"-1\">"
            html += options.listPassing ? "Titles" : "Titles with a problem"
            html += "</h2>\n<form id=\"filters\" role=\"search\" aria-label=\"Filter the titles\">\n"
            // Languages in tag order, a title without one last.
            var languages = Set(run.rows.filter { !$0.isUnreadableFile }.map { Self.languageValue($0.language) })
                .sorted()
            if let none = languages.firstIndex(of: "-") { languages.append(languages.remove(at: none)) }
            html += "<label for=\"f-language\">Language<select id=\"f-language\">"
            html += "<option value=\"*\">all languages</option>"
            for language in languages {
                let name = language == "-" ? "(none)" : HTMLText.escaped(language)
                html += "<option value=\"\(HTMLText.escaped(language))\">\(name)</option>"
            }
            html += "</select></label>\n<label for=\"f-look\">Look<select id=\"f-look\">"
            html += "<option value=\"*\">all looks</option>"
            for look in run.looks {
                html += "<option value=\"\(HTMLText.escaped(look))\">\(HTMLText.escaped(look))</option>"
            }
            html += "</select></label>\n<label for=\"f-problem\">Problem<select id=\"f-problem\">"
            html += "<option value=\"*\">\(options.listPassing ? "any row" : "any problem")</option>"
            let present = Set(layout.entries.flatMap { $0.cells.flatMap { run.rows[$0].problems.members } })
            for kind in CheckHTML.kinds where present.contains(kind.problem) {
                html += "<option value=\"\(kind.problem.rawValue)\">\(kind.label)</option>"
            }
            if run.summary.baseline != nil { html += "<option value=\"new\">new since the baseline</option>" }
            html += "</select></label>\n"
            html += "<label for=\"f-text\">Key or title contains<input id=\"f-text\" type=\"search\" "
            html += "autocomplete=\"off\" spellcheck=\"false\"></label>\n"
            html += "<label for=\"f-order\">Order<select id=\"f-order\">"
            html += "<option value=\"worst\">drawn first, largest overflow first</option>"
            html += "<option value=\"file\">as in the files</option>"
            html += "<option value=\"overflow\">overflow, largest first</option></select></label>\n"
            html += "<button type=\"button\" id=\"f-reset\">Show all</button>\n</form>\n"
            let buttons = layout.entries.reduce(0) { $0 + $1.cells.count }
            html += "<p id=\"shown\" role=\"status\" aria-live=\"polite\">\(layout.entries.count) titles "
            html += "(\(buttons) buttons).</p>\n"
            html += "<noscript><p>The list of titles is drawn by the page's script, which is off.</p></noscript>\n"
        }

        /// The listed titles as JSON: per title its key (`k`), file (`f`), line (`l`), language
        /// (`g`, `-` for none), title (`t`; the page gives it the direction of its own text), text as written
        /// (`w`), link (`u`), the marked forms of key, title and text as written where they hold
        /// a character `HTMLText.shown` marks (`km`, `tm`, `wm`), and its buttons (`c`); per
        /// button its row (`r`), look (`o`, an index), problems (`p`), those the baseline accepts
        /// (`a`), whether one is new (`n`), the other looks that show the same (`m`), overflow (`x`), picture (`i`, an index), or the title
        /// it shows when not drawn (`v`) and why (`q`), the engine's error (`e`), the meter
        /// (`b`: the fit's, the limit's and the overflow's share, in percent) and its sentence (`s`).
        private func data(_ html: inout String) {
            var json = JSONTextWriter(htmlSafe: true)
            json.object { json in
                json.member("looks") { $0.array(run.looks) { $0.value($1) } }
                json.member("kinds") { json in
                    json.object { json in
                        for kind in CheckHTML.kinds { json.member(kind.problem.rawValue, kind.label) }
                    }
                }
                json.member("page", CheckHTML.pageTitles)
                json.member("pictures") { json in
                    json.array(pictures.pictures.enumerated()) { json, item in
                        json.array { json in
                            json.value(sources[item.offset])
                            json.value(Points.rounded(item.element.width))
                            json.value(Points.rounded(item.element.height))
                            json.value(item.element.shown.isEmpty ? CheckHTML.chevronAlone : item.element.shown)
                        }
                    }
                }
                json.member("titles") { json in
                    json.array(layout.entries) { json, entry in
                        json.lineBreakBeforeNext()
                        title(entry, &json)
                    }
                }
            }
            html += json.text
        }

        private func title(_ entry: Layout.Entry, _ json: inout JSONTextWriter) {
            let first = run.rows[entry.first]
            json.object { json in
                json.member("k", first.key)
                json.member("f", first.file)
                json.member("l", first.line)
                json.member("g", Self.languageValue(first.language))
                json.member("t", first.title)
                if let template = first.template {
                    json.member("w", template)
                    HTMLText.marked(template, as: "wm", &json)
                }
                HTMLText.marked(first.key, as: "km", &json)
                HTMLText.marked(first.title, as: "tm", &json)
                if let links = options.links { json.member("u", links.url(file: first.file, line: first.line)) }
                json.member("c") { json in
                    json.array(zip(entry.cells, entry.sharing)) { json, cell in
                        self.cell(cell.0, sharing: cell.1, &json)
                    }
                }
            }
        }

        private func cell(_ index: Int, sharing: [Int], _ json: inout JSONTextWriter) {
            let row = run.rows[index]
            let problems = row.problems.members
            json.object { json in
                json.member("r", index)
                json.member("o", run.looks.firstIndex(of: row.slot) ?? 0)
                // The other looks that show the same: named with this one.
                if !sharing.isEmpty {
                    json.member("m") {
                        $0.array(sharing) { $0.value(run.looks.firstIndex(of: run.rows[$1].slot) ?? 0) }
                    }
                }
                json.member("p") { $0.array(problems) { $0.value($1.rawValue) } }
                if !row.accepted.isEmpty {
                    json.member("a") { $0.array(problems.filter(row.accepted.contains)) { $0.value($1.rawValue) } }
                }
                if row.hasNewProblems { json.member("n", 1) }
                if row.overBy > 0 { json.member("x", Points.rounded(row.overBy)) }
                if let error = row.error {
                    json.member("e", error)
                    return
                }
                if let picture = pictures.pictureOfRow[index] {
                    json.member("i", picture)
                } else {
                    json.member("v", row.displayedTitle.isEmpty ? CheckHTML.chevronAlone : row.displayedTitle)
                    json.member("q", pictures.failures[index] ?? CheckHTML.notDrawn)
                }
                meter(row, &json)
            }
        }

        /// The width against the limit: the bar's shares (the whole title's width, over the
        /// limit in red, the limit a mark) and the numbers in words.
        private func meter(_ row: CheckRow, _ json: inout JSONTextWriter) {
            guard let width = row.width else { return }
            let needed = row.neededWidth ?? width
            let span = max(needed, row.maxWidth, width, 1)
            func percent(_ value: Double) -> Double { Points.rounded((value / span * 1000).rounded() / 10) }
            json.member("b") { json in
                json.array {
                    $0.value(percent(min(needed, row.maxWidth)))
                    $0.value(percent(row.maxWidth))
                    $0.value(percent(max(0, needed - row.maxWidth)))
                }
            }
            let limit = "\(row.ownLimit ? "its own limit" : "the limit") is \(Self.points(row.maxWidth)) pt"
            var sentence: String
            if row.titleSource != "title" {
                let shows =
                    row.displayedTitle.isEmpty
                    // Isolated (FSI … PDI): a right-to-left title keeps its place in the sentence.
                    ? "the chevron alone"
                    : "the \(row.titleSource) title \u{201C}\u{2068}\(row.displayedTitle)\u{2069}\u{201D}"
                sentence =
                    "The title does not fit (\(limit)): the button shows \(shows), \(Self.points(width)) pt wide."
                if row.overBy > 0 {
                    sentence += " The whole title needs \(Self.points(needed)) pt (+\(Self.points(row.overBy)))."
                }
            } else if row.overBy > 0 {
                sentence = "The whole title needs \(Self.points(needed)) pt; \(limit) (+\(Self.points(row.overBy)));"
                sentence += " the button is \(Self.points(width)) pt wide."
            } else {
                sentence = "\(Self.points(width)) pt wide; \(limit)."
            }
            if row.missingGlyphs > 0 {
                sentence +=
                    " \(row.missingGlyphs) character\(row.missingGlyphs == 1 ? "" : "s") no installed font covers."
            }
            for check in row.lengthChecks where check.isOver { sentence += " \(check.sentence)." }
            json.member("s", sentence)
        }

        private func notes(_ html: inout String) {
            let notes = run.substitutions.messages + run.notes
            if !notes.isEmpty {
                html += "<details><summary>Notes (\(notes.count))</summary>\n<ul>\n"
                for note in notes { html += "<li>\(HTMLText.shown(note))</li>\n" }
                html += "</ul>\n</details>\n"
            }
            if !run.fixed.isEmpty {
                html += "<details><summary>Fixed since the baseline (\(run.fixed.count))</summary>\n<ul>\n"
                for problem in run.fixed {
                    html += "<li>\(HTMLText.shown(CheckTable.describe(problem)))</li>\n"
                }
                html += "</ul>\n</details>\n"
            }
        }

        private func footer(_ html: inout String) {
            html += "<footer><p>Written by chevron check"
            if !options.version.isEmpty { html += " \(HTMLText.escaped(options.version))" }
            html += "; buttons drawn by the engine at \(CheckHTML.scale)×."
            if !run.slots.isEmpty {
                html += " Measured for \(HTMLText.escaped(CheckSlot.measuredFor(run.slots)))."
            }
            if let fingerprint = options.fingerprint {
                html += " Measured with fingerprint <code>\(HTMLText.escaped(fingerprint))</code>."
            }
            html += "</p></footer>\n"
        }
    }
}
