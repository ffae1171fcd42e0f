import ChevronClient
import ChevronSupport
import ChevronVarlink
import Foundation

/// `--format html`: a page that shows every title with a problem as the button a user would
/// see, look by look, with the counts per language and look at the top (each a link that
/// filters the list), filters by language, look, problem and text, and an order by overflow.
/// The page works from the file alone: its style and script are inline, and its
/// Content-Security-Policy lets it load nothing but its own pictures.
///
/// A report is a folder (`index.html`, and `buttons/` with one PNG per distinct picture) or, for
/// a small report, one file with the pictures inline (`selfContained`, up to `selfContainedLimit`
/// bytes of pictures).
public enum CheckHTML {
    /// The most bytes of PNG a self-contained report holds (20 MiB): each picture is in the
    /// page once (as base64, a third more), however many rows show it.
    public static let selfContainedLimit = 20 << 20
    /// The pictures' scale: pixels per point.
    public static let scale = 2
    /// The most pictures a report draws unless told otherwise (`--html-pictures`). The engine
    /// draws one title at a time (cairo's FreeType faces are shared): every picture of the
    /// 733-key catalogue of docs/check.md's figures is 37 s and 131 MB, 2000 of them keep its
    /// report within 5 s and 25 MB. Each language and look has its worst rows drawn first
    /// (`drawingOrder`); the other buttons show their title as text.
    public static let defaultPictureLimit = 2000
    /// The titles the page lists at a time; a button shows the next as many.
    public static let pageTitles = 100
    /// What a button that shows no title says.
    static let chevronAlone = "(the chevron alone, no title)"
    /// What a button not drawn says.
    static let notDrawn = "not drawn: past the report's limit on pictures (--html-pictures)"
    /// The page's Content-Security-Policy: nothing from outside, and scripts and styles only
    /// those the page holds.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'"

    /// A look's bar, drawn behind its buttons: its gradient's top and bottom colours.
    public struct Bar: Sendable {
        public let top: String
        public let bottom: String

        public init(top: String, bottom: String) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// How the report is made.
    public struct Options: Sendable {
        /// Turns each file and line into a link (`--link-template`).
        public var links: CheckLinkTemplate?
        /// Lists the rows without a problem too (`--html-all`); else they are only counted.
        public var listPassing = false
        /// The most pictures to draw (`--html-pictures`; nil: every one).
        public var pictureLimit: Int? = CheckHTML.defaultPictureLimit
        /// Puts the pictures in the page as data: URIs (`--self-contained`).
        public var selfContained = false
        /// The most bytes of pictures a self-contained page holds.
        public var selfContainedLimit = CheckHTML.selfContainedLimit
        /// Each look's bar, drawn behind its buttons (`describeBars`).
        public var bars: [String: Bar] = [:]
        /// chevron's version, for the footer.
        public var version = ""
        /// What the answers were measured with (`chevron fingerprint`), for the footer.
        public var fingerprint: String?

        public init() {}
    }

    /// Why a report cannot be made or written.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A report made, not yet written.
    public struct Report: Sendable {
        /// The page, `index.html`.
        public let page: String
        /// The pictures its folder holds (none for a self-contained page).
        public let pictures: [CheckHTMLPictures.Picture]
        /// The titles listed, and their buttons (a row each).
        public let listedTitles: Int
        public let listedRows: Int
        /// The rows left without a picture by `Options.pictureLimit`.
        public let undrawn: Int
        /// The bytes of the distinct pictures.
        public let pictureBytes: Int
    }

    /// `--html-pictures`'s value: a number of pictures, `all` (nil: every one), or none given
    /// (`defaultPictureLimit`).
    /// - Throws: `CheckPlan.Problem` for anything else.
    public static func pictureLimit(_ value: String?) throws(CheckPlan.Problem) -> Int? {
        guard let value else { return defaultPictureLimit }
        if value == "all" { return nil }
        guard let limit = Int(value), limit >= 0 else {
            throw CheckPlan.Problem(description: "--html-pictures \(value): give a number of pictures, or all")
        }
        return limit
    }

    /// Each look's bar colours, for `Options.bars`, by the name the report gives its column
    /// (`CheckSlot.label`: `modern@iphone-16` when several devices are checked).
    public static func describeBars(_ slots: [CheckSlot], client: ChevronClient) async throws -> [String: Bar] {
        var bars: [String: Bar] = [:]
        for slot in slots {
            let art = try await client.describeLook(slot.look).art
            bars[slot.label] = Bar(top: art.barTop, bottom: art.barBottom)
        }
        return bars
    }

    /// Draws the pictures and writes the page.
    /// - Throws: `Failure` when a self-contained page would hold more than its limit of pictures;
    ///   a client error when the engine cannot be reached.
    /// - Parameter folder: the report's folder, opened before drawing, which takes each picture as
    ///   it is drawn (`CheckHTMLPictures.draw`'s `store`); nil for a self-contained page.
    public static func make(
        _ run: CheckRun, plan: CheckPlan, options: Options, renderers: [CheckHTMLPictures.Renderer],
        folder: Folder? = nil
    ) async throws -> Report {
        let canonical: CheckPlan
        do { canonical = try plan.canonicalizingLanguages() } catch { throw Failure(description: "\(error)") }
        let layout = Layout(run, listPassing: options.listPassing)
        let listed = layout.entries.flatMap(\.cells)
        let ordered = drawingOrder(listed, of: run.rows)
        let pictures: CheckHTMLPictures
        do {
            pictures = try await CheckHTMLPictures.draw(
                ordered, of: run.rows, plan: canonical, scale: scale, renderers: renderers,
                pictureLimit: options.pictureLimit, byteLimit: options.selfContained ? options.selfContainedLimit : nil,
                store: folder.map { folder in { name, png in try folder.writePicture(name, png) } })
        } catch let error as CheckHTMLPictures.TooLarge {
            throw tooLarge(error.bytes, limit: error.limit)
        }
        var sources: [String]
        if options.selfContained {
            // Each picture is in the page once, however many rows show it.
            sources = pictures.pictures.map { "data:image/png;base64," + Base64.encode($0.png) }
        } else {
            sources = pictures.pictures.map { "buttons/\($0.name).png" }
        }
        let page = Page(run: run, layout: layout, pictures: pictures, sources: sources, options: options).text
        sources.removeAll()
        return Report(
            page: page, pictures: options.selfContained ? [] : pictures.pictures,
            listedTitles: layout.entries.count, listedRows: listed.count, undrawn: pictures.undrawn,
            pictureBytes: pictures.bytes)
    }

    /// The order in which rows get their pictures, for `Options.pictureLimit`: in turn from each
    /// language and look (so that every one of them has its worst rows drawn), within each the
    /// most severe first: a problem's weight (missing glyphs before a cut), then the overflow,
    /// then the report's order.
    static func drawingOrder(_ listed: [Int], of rows: [CheckRow]) -> [Int] {
        var groups: [String: [(Int, Double, Int)]] = [:]
        var order: [String] = []
        for index in listed {
            let row = rows[index]
            let id = (row.language ?? "") + "\u{0}" + row.slot
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(
                (row.problems.members.map(\.weight).min() ?? Int.max, -row.overBy, index))
        }
        let sorted = order.map { groups[$0, default: []].sorted { $0 < $1 }.map(\.2) }
        var result: [Int] = []
        result.reserveCapacity(listed.count)
        var position = 0
        while result.count < listed.count {
            for group in sorted where position < group.count { result.append(group[position]) }
            position += 1
        }
        return result
    }

    private static func tooLarge(_ bytes: Int, limit: Int) -> Failure {
        func mebibytes(_ value: Int) -> String { Points.text((Double(value) / 1_048_576 * 100).rounded() / 100) }
        return Failure(
            description:
                "--self-contained: the report's pictures take more than \(mebibytes(limit)) MiB "
                + "(\(bytes) bytes drawn so far), the most a self-contained page holds: write a folder "
                + "(-o DIR) instead, or draw fewer (--html-pictures N)")
    }

    /// A report's folder, opened once and never through a link (a pull request writes the
    /// repository the report goes into: a link planted at `DIR`, `DIR/buttons` or `DIR/index.html`
    /// is refused, never followed), that takes each picture into `buttons/` as it is drawn and the
    /// page last (`finish`).
    public final class Folder {
        let path: String
        private let directory: Int32
        private let pictures: Int32

        /// Opens `folder` (made if missing) and its `buttons/`.
        /// - Throws: `ReportFile.Failure` naming the path that cannot be written into.
        public init(_ folder: String) throws(ReportFile.Failure) {
            var path = folder
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            self.path = path
            switch OutputFile.openFolder(path) {
            case .success(let opened): directory = opened
            case .failure(let error): throw ReportFile.Failure(path: path, reason: error.reason)
            }
            switch OutputFile.openFolder("buttons", in: directory) {
            case .success(let opened): pictures = opened
            case .failure(let error):
                close(directory)
                throw ReportFile.Failure(path: path + "/buttons", reason: error.reason)
            }
        }

        deinit {
            close(pictures)
            close(directory)
        }

        /// Writes the picture `name` (without `.png`) into `buttons/`.
        /// - Throws: `ReportFile.Failure` naming its path.
        func writePicture(_ name: String, _ png: [UInt8]) throws(ReportFile.Failure) {
            let file = name + ".png"
            try ReportFile.write(png, named: file, in: pictures, path: "\(path)/buttons/\(file)")
        }

        /// Removes the pictures of an earlier report this one does not show (only files named as
        /// pictures are, and only from `buttons/`), then writes `index.html`; pictures the report
        /// holds the bytes of are written first.
        /// - Throws: `ReportFile.Failure` naming the path that could not be written.
        public func finish(_ report: Report) throws(ReportFile.Failure) {
            for picture in report.pictures where !picture.png.isEmpty { try writePicture(picture.name, picture.png) }
            let shown = Set(report.pictures.map { $0.name + ".png" })
            for name in CheckHTML.names(in: pictures) where !shown.contains(name) && CheckHTML.isPictureName(name) {
                unlinkat(pictures, name, 0)
            }
            try ReportFile.write(report.page.utf8, named: "index.html", in: directory, path: path + "/index.html")
        }
    }

    /// Writes `report` into the folder `path` (made if missing): its pictures into `buttons/`
    /// (pictures of an earlier report there that this one does not show are removed), then
    /// `index.html` (`Folder`).
    /// - Throws: `ReportFile.Failure` naming the path that could not be written.
    public static func write(_ report: Report, folder: String) throws(ReportFile.Failure) {
        try Folder(folder).finish(report)
    }

    /// The names in the folder open as `folder` (read from a copy of its descriptor).
    static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `name` is a picture's file name: 32 hexadecimal digits, maybe `-N`, then `.png`.
    static func isPictureName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        let hash = stem.prefix(32)
        guard hash.count == 32, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return false }
        let rest = stem.dropFirst(32)
        return rest.isEmpty || (rest.first == "-" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isNumber))
    }

    /// The rows as the page lists them: the titles (one entry per title, with a row per look),
    /// each with the rows it shows.
    struct Layout {
        struct Entry {
            /// The title's first row: its key, file, line, language and title.
            let first: Int
            /// The rows shown, one per look, or per set of looks that show the same (indices into
            /// the run's rows: each cell's first).
            var cells: [Int]
            /// Per cell, the other rows that show what it shows (the same width, limit and text):
            /// their looks are named with the cell's ("classic, reeder").
            var sharing: [[Int]] = []
        }
        /// The titles listed.
        var entries: [Entry] = []
        /// Rows checked (files not read left out), and those with a problem.
        var checked = 0
        var withProblems = 0
        /// Titles checked, and those with no problem in any look.
        var titles = 0
        var passingTitles = 0

        init(_ run: CheckRun, listPassing: Bool) {
            let rows = run.rows
            var current: Entry?
            var looks: Set<String> = []
            var hasProblem = false
            func close() {
                guard let entry = current else { return }
                titles += 1
                if !hasProblem { passingTitles += 1 }
                if !entry.cells.isEmpty { entries.append(entry) }
            }
            for index in rows.indices where !rows[index].isUnreadableFile {
                let row = rows[index]
                checked += 1
                if let entry = current, looks.contains(row.slot) || !rows[entry.first].isSameTitle(as: row) {
                    close()
                    current = nil
                }
                if current == nil {
                    current = Entry(first: index, cells: [])
                    looks = []
                    hasProblem = false
                }
                looks.insert(row.slot)
                let problem = !row.problems.isEmpty
                if problem {
                    withProblems += 1
                    hasProblem = true
                }
                if problem || listPassing {
                    // A look that shows what an earlier one of the title shows joins its cell.
                    if let cell = current?.cells.firstIndex(where: { rows[$0].showsTheSame(as: row) }) {
                        current?.sharing[cell].append(index)
                    } else {
                        current?.cells.append(index)
                        current?.sharing.append([])
                    }
                }
            }
            close()
        }
    }
}

extension CheckRow {
    /// Whether `other` shows what this row shows: the same width, limit and text, as the text
    /// table's shared lines say (`CheckTable.tableLines`).
    func showsTheSame(as other: CheckRow) -> Bool {
        width == other.width && maxWidth == other.maxWidth && error == other.error && shown == other.shown
    }

    /// Whether `other` is a row of the same title (another look's): the same file, line, key,
    /// language and title.
    func isSameTitle(as other: CheckRow) -> Bool {
        line == other.line && key.hasSameBytes(as: other.key) && file.hasSameBytes(as: other.file)
            && language.hasSameBytes(as: other.language) && title.hasSameBytes(as: other.title)
    }
}
