import ChevronClient
import ChevronText

/// Told how far a check's measuring has come (the CLI draws a progress bar on a terminal).
public protocol CheckProgress: AnyObject {
    /// How many questions there are to answer, once they are all known.
    func expect(total: Int)
    /// `count` more questions were answered.
    func advance(by count: Int)
    /// Every question is answered.
    func finish()
}

/// Measures a check's titles in its looks, through any `ChevronClient`: chevrond's socket, or
/// the service in this process.
public enum CheckMeasurer {
    /// Requests per SizeMany call (fewer when the daemon's limit is lower); several calls are in
    /// flight at once.
    public static let batchSize = 1000
    /// Connections to the daemon a check uses.
    public static let connections = 4
    /// The most bytes of one SizeMany call, when the daemon's message limit is higher.
    public static let batchBytes = 256 << 10

    /// The looks to check: `looks` once each in their order, every look the engine serves for
    /// `all`, `classic` for none.
    /// - Throws: `CheckPlan.Problem` naming a look the engine does not serve.
    public static func chosenLooks(_ looks: [String], client: ChevronClient) async throws -> [String] {
        if looks.isEmpty { return ["classic"] }
        let served = try await client.listLooks().map(\.name)
        if looks.contains("all") { return served }
        var chosen: [String] = []
        for look in looks where !chosen.contains(look) {
            guard served.contains(look) else {
                throw CheckPlan.Problem(
                    description: "--look \(look): no such look; the looks are \(served.joined(separator: ", ")) (or all)")
            }
            chosen.append(look)
        }
        return chosen
    }

    /// One SizeMany request: rows asking the same question share its answer.
    ///
    /// Its strings are compared and hashed by their UTF-8 bytes, as chevrond's caches key them:
    /// "é" and "e\u{301}" are equal Strings but different titles (each row shows its own
    /// displayed title, and they may cut differently), and a String's hash normalises its text
    /// first, which took a few percent of a 100,000-title check. Hashed once, when it is made.
    private struct Question: Hashable {
        let title: String
        let look: String
        let maximumWidth: Double?
        let language: String?
        /// The fallback chain's generic title for the title's language (nil: the engine's own).
        let genericTitle: String?
        let digest: Int

        init(title: String, look: String, maximumWidth: Double?, language: String?, genericTitle: String?) {
            self.title = title
            self.look = look
            self.maximumWidth = maximumWidth
            self.language = language
            self.genericTitle = genericTitle
            var hasher = KeyHasher()
            hasher.combine(title)
            hasher.combine(look)
            hasher.combine(maximumWidth?.bitPattern ?? UInt64.max)
            hasher.combine(language)
            hasher.combine(genericTitle)
            digest = hasher.finalize()
        }

        static func == (left: Question, right: Question) -> Bool {
            left.digest == right.digest && left.maximumWidth == right.maximumWidth
                && left.title.hasSameBytes(as: right.title) && left.look.hasSameBytes(as: right.look)
                && left.language.hasSameBytes(as: right.language)
                && left.genericTitle.hasSameBytes(as: right.genericTitle)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// Sizes every title in every look with SizeMany, a few batches in flight at a time; a
    /// question asked by several rows (the same title, look, limit and language) is asked once.
    /// A title over the text limit is not sent: its row is the TextTooLong error, in process and
    /// through the daemon alike. Batches stay under the daemon's message and request limits.
    ///
    /// Batches go out as the plan fills them: planning the rest (hashing every question) runs
    /// while the first batches are measured, instead of before them.
    ///
    /// - Parameters:
    ///   - clients: one or more clients; batches are spread over them.
    ///   - maximumWidths: each look's maximum width (`DescribeLook`), the limit of rows without
    ///     their own.
    /// - Returns: a row per entry and look, in the entries' order, then the looks'.
    public static func measure(
        _ entries: [TitleEntry], plan: CheckPlan, looks: [String], clients: [ChevronClient], limits: LimitsReply,
        maximumWidths: [String: Double], substitutions: inout SubstitutionLog, progress: (any CheckProgress)? = nil
    ) async throws -> [CheckRow] {
        let language = plan.language
        let batchLimit = max(1, min(Self.batchSize, limits.sizeManyRequests))
        // The call's own bytes (method, braces) and a request's beyond its strings.
        let callOverhead = 128
        let requestOverhead = 160
        let byteLimit = min(Self.batchBytes, limits.messageBytes - callOverhead)

        var questions: [Question] = []
        var known: [Question: Int] = [:]
        // Per row (entry × look, in that order): its question, or why it is not asked.
        enum Ask {
            case question(Int)
            case refused(CheckOutcome)
        }
        var asks: [Ask] = []
        var batches: [[Int]] = [[]]
        var batchBytes = 0
        asks.reserveCapacity(entries.count * looks.count)
        known.reserveCapacity(entries.count * looks.count)
        // Per question, its answer once its batch came back.
        var outcomes: [CheckOutcome?] = []
        outcomes.reserveCapacity(entries.count * looks.count)
        try await withThrowingTaskGroup(of: (Int, [CheckOutcome], SubstitutionLog).self) { group in
            // Batches sent and not yet answered: passed to the nested functions by hand, which
            // the compiler's flow analysis follows (captured, it judged the last loop dead).
            var inFlight = 0
            /// Takes one batch's answers.
            func receive(_ inFlight: inout Int) async throws {
                guard let (index, answers, found) = try await group.next() else {
                    inFlight = 0  // nothing left in the group: nothing is in flight
                    return
                }
                inFlight -= 1
                for (question, answer) in zip(batches[index], answers) { outcomes[question] = answer }
                substitutions.merge(found)
                progress?.advance(by: answers.count)
            }
            /// Sends batch `index` once fewer than two per connection are in flight.
            func send(_ index: Int, _ inFlight: inout Int) async throws {
                while inFlight >= 2 * Self.connections { try await receive(&inFlight) }
                let batch = batches[index].map { questions[$0] }
                let client = clients[index % clients.count]
                inFlight += 1
                group.addTask {
                    let results = try await client.sizeMany(
                        batch.map {
                            SizeParameters(
                                look: $0.look, title: $0.title, maxWidth: $0.maximumWidth, genericTitle: $0.genericTitle,
                                language: $0.language)
                        }
                    )
                    // Each result says which request it answers; every request needs one.
                    var answers = [CheckOutcome?](repeating: nil, count: batch.count)
                    var substitutions = SubstitutionLog()
                    for result in results where answers.indices.contains(result.index) {
                        answers[result.index] = CheckOutcome(result)
                        if let layout = result.layout { substitutions.note(layout) }
                    }
                    let answered = answers.compactMap { $0 }
                    guard answered.count == batch.count else {
                        throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
                    }
                    return (index, answered, substitutions)
                }
            }
            for entry in entries {
                for look in looks {
                    // A title its file does not let us write out is no question: its row says why.
                    if let problem = entry.problem {
                        asks.append(.refused(CheckOutcome(error: problem)))
                        continue
                    }
                    let titleBytes = entry.title.utf8.count
                    if titleBytes > limits.textBytes {
                        asks.append(
                            .refused(
                                CheckOutcome(
                                    error:
                                        "io.chevron.Text.TextTooLong: title: the title is \(titleBytes) UTF-8 bytes long; the limit is \(limits.textBytes)"
                                )))
                        continue
                    }
                    let questionLanguage = entry.language ?? language
                    let question = Question(
                        title: entry.title, look: look,
                        maximumWidth: CheckRow.ownLimit(entry, lookMaximum: maximumWidths[look]),
                        language: questionLanguage, genericTitle: plan.genericTitle(for: questionLanguage))
                    if let index = known[question] {
                        asks.append(.question(index))
                        continue
                    }
                    let bytes =
                        requestOverhead + SizeCall.escapedBytes(entry.title) + SizeCall.escapedBytes(look)
                        + SizeCall.escapedBytes(questionLanguage ?? "")
                        + SizeCall.escapedBytes(question.genericTitle ?? "")
                    if bytes > byteLimit {
                        asks.append(
                            .refused(
                                CheckOutcome(
                                    error:
                                        "io.chevron.Service.MessageTooLong: the request is up to \(bytes + callOverhead) bytes; the limit is \(limits.messageBytes)"
                                )))
                        continue
                    }
                    if batches[batches.count - 1].count == batchLimit || batchBytes + bytes > byteLimit {
                        try await send(batches.count - 1, &inFlight)
                        batches.append([])
                        batchBytes = 0
                    }
                    known[question] = questions.count
                    batches[batches.count - 1].append(questions.count)
                    batchBytes += bytes
                    asks.append(.question(questions.count))
                    questions.append(question)
                    outcomes.append(nil)
                }
            }
            progress?.expect(total: questions.count)
            if batches[batches.count - 1].isEmpty == false { try await send(batches.count - 1, &inFlight) }
            while inFlight > 0 { try await receive(&inFlight) }
        }
        progress?.finish()
        // A row per entry and look, in the files' order, then the looks'.
        var rows: [CheckRow] = []
        rows.reserveCapacity(asks.count)
        var position = 0
        for entry in entries {
            let entryLanguage = entry.language ?? language
            for look in looks {
                let outcome: CheckOutcome
                switch asks[position] {
                case .refused(let refusal): outcome = refusal
                case .question(let index):
                    // Every batch's answers were checked complete as it came back.
                    guard let answer = outcomes[index] else {
                        throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
                    }
                    outcome = answer
                }
                rows.append(
                    CheckRow(
                        entry, look: look, lookMaximum: maximumWidths[look] ?? 0,
                        language: entryLanguage, outcome: outcome))
                position += 1
            }
        }
        return rows
    }
}

/// The bytes of one SizeMany request, to cut batches under the daemon's message limit.
enum SizeCall {
    /// The most bytes `text` takes as a JSON string's contents: `"` and `\\` as two, other
    /// control characters as six (`\\u0001`), everything else as its UTF-8 bytes.
    static func escapedBytes(_ text: String) -> Int {
        var bytes = 0
        for byte in text.utf8 {
            bytes += byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 2 : byte < 0x20 ? 6 : 1
        }
        return bytes
    }
}

