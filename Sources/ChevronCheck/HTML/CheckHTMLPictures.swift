import ChevronClient

/// The buttons an HTML report shows: for each row it lists, the button a user sees, drawn by the
/// engine (io.chevron.BackButton.Render) with the row's own request at the report's scale. A
/// picture is named by a hash of what it shows (the look, the title shown and where it comes
/// from, the button's width, the language, the generic title, the scale), and drawn once
/// however many rows show it: the generic title of a look is drawn once per language.
public struct CheckHTMLPictures: Sendable {
    /// One picture: a PNG of exactly the button's size at the scale.
    public struct Picture: Sendable {
        /// The file's name without `.png`: 32 hexadecimal digits.
        public let name: String
        public let png: [UInt8]
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// The button's size in points: its layout's at the scale, where a width snaps to a
        /// pixel (half a point at 2×), so it can be up to a pixel narrower than the row's width,
        /// which a check measures at 1×.
        public let width: Double
        public let height: Double
        /// The title it shows (empty for the chevron alone).
        public let shown: String
    }

    /// A Render call: `ChevronClient.render` through one connection.
    public typealias Renderer = @Sendable (SizeParameters) async throws -> RenderReply

    /// The pictures, each once, in the order their rows come.
    public private(set) var pictures: [Picture] = []
    /// Per row index (in the run's rows): its picture's index in `pictures`.
    public private(set) var pictureOfRow: [Int: Int] = [:]
    /// Per row index: why its picture could not be drawn (the engine's error).
    public private(set) var failures: [Int: String] = [:]
    /// The PNG bytes of every picture together.
    public private(set) var bytes = 0
    /// The rows left without a picture by the limit on pictures.
    public private(set) var undrawn = 0

    /// A picture's bytes went past the limit a self-contained report has.
    public struct TooLarge: Error, Sendable {
        public let bytes: Int
        public let limit: Int
    }

    /// The request that draws `row` as it was measured: its title, look, language, its own
    /// limit when it has one, and the generic title of its language (`plan` in canonical form).
    public static func request(for row: CheckRow, plan: CheckPlan, scale: Int) -> SizeParameters {
        SizeParameters(
            look: row.look, title: row.title, scale: scale,
            maxWidth: row.ownLimit ? max(row.maxWidth, row.lookMinimum ?? 0) : nil,
            genericTitle: plan.genericTitle(for: row.language), language: row.language,
            device: row.barWidth == nil ? row.device : nil, barWidth: row.barWidth)
    }

    /// What a row's picture shows, as the bytes its name hashes: rows with the same bytes show
    /// the same picture.
    static func identity(of row: CheckRow, genericTitle: String?, scale: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in [
            row.slot, row.titleSource, row.displayedTitle, row.language ?? "", genericTitle ?? "",
            String((row.width ?? 0).bitPattern, radix: 16), String(scale),
        ] {
            bytes += part.utf8
            bytes.append(0)
        }
        return bytes
    }

    /// Draws the pictures of `rows` (indices into `all`), each distinct one once, with a few
    /// Render calls in flight per renderer.
    /// - Parameters:
    ///   - rows: the rows to draw, the first first: past `pictureLimit` pictures, a row whose
    ///     picture is not drawn yet gets none.
    ///   - pictureLimit: the most pictures to draw (nil: every one).
    ///   - byteLimit: the most PNG bytes in all; past it, drawing stops.
    ///   - store: where each picture's PNG goes as soon as it is drawn (a report folder's
    ///     `buttons/`), so that no more than the pictures in flight are held: the pictures then
    ///     keep no bytes. Without it, each picture keeps its PNG (a self-contained page).
    /// - Throws: `TooLarge` past `byteLimit`; a client error other than the engine's refusal of
    ///   one picture (which is that row's `failures` entry).
    public static func draw(
        _ rows: [Int], of all: [CheckRow], plan: CheckPlan, scale: Int, renderers: [Renderer],
        pictureLimit: Int? = nil, byteLimit: Int? = nil, store: ((_ name: String, _ png: [UInt8]) throws -> Void)? = nil
    ) async throws -> CheckHTMLPictures {
        precondition(!renderers.isEmpty, "drawing needs a renderer")
        var result = CheckHTMLPictures()
        // The distinct pictures, each with the first row that shows it.
        var named: [String: (identity: [UInt8], job: Int)] = [:]
        var jobs: [(name: String, row: Int)] = []
        var rowsOfJob: [[Int]] = []
        for index in rows where all[index].error == nil && !all[index].isUnreadableFile {
            let row = all[index]
            let identity = identity(of: row, genericTitle: plan.genericTitle(for: row.language), scale: scale)
            var hash = PictureHash()
            hash.combine(identity)
            var name = hash.hex
            // Two different pictures with one name (no 128-bit collision is known): the second
            // is told apart.
            var suffix = 2
            while let found = named[name], found.identity != identity {
                name = hash.hex + "-\(suffix)"
                suffix += 1
            }
            if let found = named[name] {
                rowsOfJob[found.job].append(index)
                continue
            }
            if let pictureLimit, jobs.count >= pictureLimit {
                result.undrawn += 1
                continue
            }
            named[name] = (identity, jobs.count)
            jobs.append((name, index))
            rowsOfJob.append([index])
        }
        // Each drawn picture as the report keeps it: its PNG only when nothing stores it.
        var drawn = [Result<Picture, ChevronClientError>?](repeating: nil, count: jobs.count)
        let inFlight = min(jobs.count, 4 * renderers.count)
        var bytes = 0
        try await withThrowingTaskGroup(of: (Int, Result<RenderReply, ChevronClientError>).self) { group in
            var next = 0
            func submit() {
                guard next < jobs.count else { return }
                let job = next
                let request = request(for: all[jobs[job].row], plan: plan, scale: scale)
                let renderer = renderers[job % renderers.count]
                next += 1
                group.addTask {
                    do {
                        return (job, .success(try await renderer(request)))
                    } catch let error as ChevronClientError where error.code == .remote {
                        return (job, .failure(error))  // this picture failed; the others go on
                    }
                }
            }
            for _ in 0..<inFlight { submit() }
            while let (job, reply) = try await group.next() {
                switch reply {
                case .success(let rendered):
                    bytes += rendered.png.count
                    if let byteLimit, bytes > byteLimit {
                        group.cancelAll()
                        throw TooLarge(bytes: bytes, limit: byteLimit)
                    }
                    try store?(jobs[job].name, rendered.png)
                    drawn[job] = .success(
                        Picture(
                            name: jobs[job].name, png: store == nil ? rendered.png : [],
                            pixelWidth: rendered.pixelWidth, pixelHeight: rendered.pixelHeight,
                            width: rendered.layout.width, height: rendered.layout.height,
                            shown: rendered.layout.displayedTitle))
                case .failure(let error):
                    drawn[job] = .failure(error)
                }
                submit()
            }
        }
        result.bytes = bytes
        for (job, reply) in drawn.enumerated() {
            switch reply {
            case .success(let picture)?:
                for row in rowsOfJob[job] { result.pictureOfRow[row] = result.pictures.count }
                result.pictures.append(picture)
            case .failure(let error)?:
                for row in rowsOfJob[job] { result.failures[row] = error.message }
            case nil:
                for row in rowsOfJob[job] { result.failures[row] = "not drawn" }
            }
        }
        return result
    }
}
