import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronLooks
import ChevronRender
import ChevronSupport
import ChevronText
import Foundation

/// `chevron sheet`: a contact sheet PNG of titles × looks.
struct SheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet: one row per title of a file, one column per look.",
        discussion: """
            TITLES_FILE is any file `chevron check` reads (.strings, .xcstrings, strings.xml, CSV, plain lines); \
            --key, --titles and --only-language select its titles as they do for `chevron check`, and \
            --failing-only keeps those not shown whole in some look. Each row is labelled with the title's key \
            and the title. Each cell is the button chevrond draws (io.chevron.BackButton.Render) on its look's \
            bar, labelled with its width and the title it shows; cells that truncate, fall back or have \
            characters no installed font covers (MISSING GLYPHS) are marked, and so are their rows. \
            At most \(ContactSheet.maximumRows(scale: 1)) titles at scale 1 \
            (\(ContactSheet.maximumRows(scale: 2)) at 2, \(ContactSheet.maximumRows(scale: 3)) at 3) and \
            \(ContactSheet.maximumColumns) looks fit one page; more titles make more pages: -o sheet.png writes \
            sheet-1.png, sheet-2.png, ….
            """
    )

    @Argument(help: "A file of titles.")
    var titlesFile: String

    @Option(
        name: .long, help: "A look to show; repeatable (default: every look chevrond serves).",
        completion: LookCompletion.kind)
    var look: [String] = []

    @Option(name: .long, help: "Pixels per point: 1, 2 or 3.")
    var scale = 2

    @Option(name: [.short, .long], help: "The PNG file to write, or - for standard output.")
    var output: String

    @Option(
        name: .long,
        help: "The language (BCP 47) of titles whose file does not say it; steers font fallback and shaping.")
    var language: String?

    @Option(
        name: .long,
        help:
            "The file's format, when its extension does not say it: strings, stringsdict, xcstrings, android, xliff, csv or lines."
    )
    var inputFormat: TitleFormat?

    @Option(name: .long, help: "Draw only keys matching this shell pattern (*.title), as check's --key; repeatable.")
    var key: [String] = []

    @Option(
        name: .long,
        help:
            "A list of the titles' keys (one key or shell pattern a line, # comments), as check's --titles; repeatable."
    )
    var titles: [String] = []

    @Option(
        name: .long,
        help: "Draw only titles in this language (de also takes de-CH), as check's --only-language; repeatable.")
    var onlyLanguage: [String] = []

    @Flag(
        name: .long,
        help: "Draw only the titles that are cut, replaced or have missing glyphs in at least one of the looks.")
    var failingOnly = false

    @OptionGroup var connection: ConnectionOptions

    /// Render calls in flight at once.
    static let callsInFlight = 16

    func validate() throws {
        try Output.requireScale(scale)
        try Output.requirePNG(output)
        guard look.count <= ContactSheet.maximumColumns else {
            throw ValidationError("\(look.count) looks given; a sheet holds at most \(ContactSheet.maximumColumns)")
        }
        _ = try selection
    }

    /// The selection, as `check` makes it: `--key`, `--titles` and `--only-language`.
    var selection: CheckPlan {
        get throws {
            var plan = CheckPlan()
            plan.keys = key
            plan.onlyLanguages = onlyLanguage
            do {
                for file in titles { try plan.addTitles(file: file) }
                return try plan.canonicalizingLanguages()
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    func run() async throws {
        let selection = try selection
        var entries: [TitleEntry]
        do {
            entries = try TitleFile.read(titlesFile, format: inputFormat).filter(selection.admits).map(\.asWritten)
        } catch {
            Output.fail(error.description, status: ExitStatus.usage)
        }
        guard !entries.isEmpty else {
            let selected = !key.isEmpty || !titles.isEmpty || !onlyLanguage.isEmpty
            Output.fail(
                selected
                    ? "no title of \(titlesFile) is selected by --key, --titles or --only-language"
                    : "\(titlesFile) holds no titles", status: ExitStatus.usage)
        }
        try await Output.reportingErrors {
            let client = try await connection.client()
            let looks = look.isEmpty ? try await client.listLooks().map(\.name) : look
            if failingOnly {
                let total = entries.count
                entries = try await failing(entries, looks: looks, client: client)
                guard !entries.isEmpty else {
                    Output.line(
                        "none of the \(total) titles is cut, replaced or missing glyphs in \(looks.count) looks: no sheet written"
                    )
                    return
                }
            }
            let maximumRows = ContactSheet.maximumRows(scale: scale)
            let pages = stride(from: 0, to: entries.count, by: maximumRows).map {
                Array(entries[$0..<min($0 + maximumRows, entries.count)])
            }
            if pages.count > 1, output == "-" {
                Output.fail(
                    "\(entries.count) titles are to be drawn; a page at scale \(scale) holds at most \(maximumRows), "
                        + "so the sheet has \(pages.count) pages: give -o a file (sheet.png writes sheet-1.png, …)",
                    status: ExitStatus.usage)
            }
            var columns: [ContactSheet.Column] = []
            for name in looks {
                let art = try await client.describeLook(name).art
                columns.append(
                    ContactSheet.Column(look: name, bar: VerticalGradient(top: art.barTop, bottom: art.barBottom)))
            }
            // A row is labelled with its key, except in plain lines, whose key is a line number.
            let keyed = !(inputFormat == .lines || inputFormat == nil && titlesFile.lowercased().hasSuffix(".txt"))
            var substitutions = SubstitutionLog()
            var failed = 0
            for (number, page) in pages.enumerated() {
                let file = pages.count == 1 ? output : Self.pageFile(output, number: number + 1)
                let (cells, pageSubstitutions) = try await render(page, looks: looks, client: client)
                substitutions.merge(pageSubstitutions)
                let rows = page.enumerated().map { index, entry in
                    ContactSheet.Row(
                        title: entry.title, key: keyed ? entry.key : nil,
                        cells: Array(cells[index * looks.count..<(index + 1) * looks.count]))
                }
                let sheet = ContactSheet(columns: columns, rows: rows, scale: scale)
                let canvas: Canvas
                do {
                    canvas = try sheet.render(engine: try TextEngine())
                } catch let error as RenderError where error.code == .imageTooLarge {
                    Output.fail(error.description, status: ExitStatus.usage)
                } catch {
                    Output.fail("cannot draw the sheet: \(error)", status: ExitStatus.remoteError)
                }
                try Output.writeFile(try canvas.png(), to: file)
                if file != "-" {
                    let marked = rows.filter { $0.cells.contains { $0.mark != .none } }.count
                    let which = pages.count == 1 ? "" : "page \(number + 1) of \(pages.count), "
                    Output.line(
                        "\(file): \(canvas.pixelWidth) × \(canvas.pixelHeight) px, \(which)\(rows.count.counted("title")) × "
                            + "\(looks.count.counted("look")), \(marked.counted("row")) marked")
                }
                failed += rows.flatMap(\.cells).filter { if case .failed = $0.mark { true } else { false } }.count
            }
            substitutions.warn()
            // As `check` does: the sheet is written, and refused titles make the exit status 4.
            if failed > 0 {
                Output.fail(
                    "\(failed) of \(entries.count * looks.count) buttons were refused (see the sheet)",
                    status: ExitStatus.remoteError)
            }
        }
    }

    /// The entries not shown whole in some look at the sheet's scale (cut, replaced by another
    /// title or the chevron alone, or with glyphs no font covers), or refused: measured with
    /// SizeMany, the same requests the sheet draws.
    private func failing(_ entries: [TitleEntry], looks: [String], client: ChevronClient) async throws
        -> [TitleEntry]
    {
        let requests = entries.flatMap { entry in
            looks.map {
                SizeParameters(look: $0, title: entry.title, scale: scale, language: entry.language ?? language)
            }
        }
        let batch = max(1, min(CheckMeasurer.batchSize, try await client.limits().sizeManyRequests))
        var fails = [Bool](repeating: false, count: requests.count)
        for start in stride(from: 0, to: requests.count, by: batch) {
            let results = try await client.sizeMany(Array(requests[start..<min(start + batch, requests.count)]))
            for result in results where start + result.index < requests.count {
                guard let layout = result.layout else {
                    fails[start + result.index] = true
                    continue
                }
                fails[start + result.index] =
                    layout.truncated || layout.titleSource != .title || layout.missingGlyphs > 0
            }
        }
        return entries.indices.filter { index in fails[index * looks.count..<(index + 1) * looks.count].contains(true) }
            .map { entries[$0] }
    }

    /// The file of page `number` of a sheet written to `output`: `sheet.png` → `sheet-2.png`.
    static func pageFile(_ output: String, number: Int) -> String {
        let path = output as NSString
        return (path.deletingPathExtension as String) + "-\(number)." + path.pathExtension
    }

    /// One cell per title × look, in that order, from Render calls with a few in flight; and the
    /// looks whose font was substituted.
    private func render(_ entries: [TitleEntry], looks: [String], client: ChevronClient) async throws -> (
        [ContactSheet.Cell], SubstitutionLog
    ) {
        let jobs = entries.flatMap { entry in looks.map { (entry, $0) } }
        let scale = scale
        let language = language
        var replies = [Result<RenderReply, ChevronClientError>?](repeating: nil, count: jobs.count)
        try await withThrowingTaskGroup(of: (Int, Result<RenderReply, ChevronClientError>).self) { group in
            var next = 0
            func submit() {
                guard next < jobs.count else { return }
                let index = next
                let (entry, look) = jobs[index]
                next += 1
                group.addTask {
                    do {
                        let parameters = SizeParameters(
                            look: look, title: entry.title, scale: scale, language: entry.language ?? language)
                        return (index, .success(try await client.render(parameters)))
                    } catch let error as ChevronClientError where error.code == .remote {
                        return (index, .failure(error))  // this cell failed; the others go on
                    }
                }
            }
            for _ in 0..<Self.callsInFlight { submit() }
            while let (index, reply) = try await group.next() {
                replies[index] = reply
                submit()
            }
        }
        var substitutions = SubstitutionLog()
        for case .success(let rendered)? in replies { substitutions.note(rendered.layout) }
        let cells = replies.compactMap { reply -> ContactSheet.Cell? in
            switch reply {
            case .success(let rendered)?: Self.cell(rendered)
            case .failure(let error)?:
                ContactSheet.Cell(png: nil, width: 0, shown: "", mark: .failed(error.message))
            case nil: nil
            }
        }
        return (cells, substitutions)
    }

    private static func cell(_ rendered: RenderReply) -> ContactSheet.Cell {
        let layout = rendered.layout
        let mark: ContactSheet.Cell.Mark =
            switch layout.titleSource {
            case _ where layout.missingGlyphs > 0: .missingGlyphs(layout.missingGlyphs)
            case .generic: .fellBack("generic title")
            case .none: .fellBack("chevron only")
            default: layout.truncated ? .truncated : .none
            }
        return ContactSheet.Cell(
            png: rendered.png, width: layout.width,
            shown: layout.displayedTitle, mark: mark, rightToLeft: layout.direction == .rtl)
    }
}
