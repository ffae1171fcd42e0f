import CLinuxExtras
import ChevronClient
import ChevronSupport
import ChevronVarlink

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
    /// `all`, `modern` (today's iPhone) for none.
    /// - Throws: `CheckPlan.Problem` naming a look the engine does not serve.
    public static func chosenLooks(_ looks: [String], client: ChevronClient) async throws -> [String] {
        if looks.isEmpty { return ["modern"] }
        let served = try await client.listLooks().map(\.name)
        if looks.contains("all") { return served }
        var chosen: [String] = []
        for look in looks where !chosen.contains(look) {
            guard served.contains(look) else {
                throw CheckPlan.Problem(
                    description:
                        "--look \(look): no such look; the looks are \(served.joined(separator: ", ")) (or all)")
            }
            chosen.append(look)
        }
        return chosen
    }

    /// The questions asked so far, found by what they ask: a question is the title, look, limit,
    /// language and generic title of the first row that asked it, kept as that row's index
    /// (entry × looks + look), not as copies of its strings.
    ///
    /// Its strings are compared and hashed by their UTF-8 bytes, as chevrond's caches key them:
    /// "é" and "e\u{301}" are equal Strings but different titles (each row shows its own
    /// displayed title, and they may cut differently), and a String's hash normalises its text
    /// first, which took a few percent of a 100,000-title check. An open-addressed table of 8
    /// bytes a slot (the digest's high half and the row), made for every row at once: a
    /// Dictionary keyed by the questions themselves held every question's strings and digest
    /// once more, and twice with the array of questions beside it.
    private struct Questions {
        /// Per slot: the digest's high 32 bits, then the row + 1 (0: empty).
        private var slots: [UInt64]

        /// A table for up to `rows` questions, at most three quarters full.
        init(rows: Int) {
            var count = 1 << 10
            while count * 3 < rows * 4 { count *= 2 }
            slots = [UInt64](repeating: 0, count: count)
        }

        /// The row that asked the question with `digest` for which `isSame` holds, or nil.
        func find(_ digest: Int, isSame: (Int) -> Bool) -> Int? {
            let mask = slots.count - 1
            let high = UInt64(UInt(bitPattern: digest)) >> 32
            var slot = digest & mask
            while slots[slot] != 0 {
                let stored = slots[slot]
                if stored >> 32 == high, isSame(Int(UInt32(truncatingIfNeeded: stored)) - 1) {
                    return Int(UInt32(truncatingIfNeeded: stored)) - 1
                }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Adds the question `row` asks, not in the table.
        mutating func insert(_ digest: Int, row: Int) {
            let mask = slots.count - 1
            var slot = digest & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt64(UInt(bitPattern: digest)) & 0xFFFF_FFFF_0000_0000 | UInt64(row + 1)
        }
    }

    /// Sizes every title in every look with SizeMany, a few batches in flight at a time; a
    /// question asked by several rows (the same title, look, limit and language) is asked once.
    /// A title over the text limit is not sent: its row is the TextTooLong error, in process and
    /// through the daemon alike. Batches stay under the daemon's request limit and, through a
    /// daemon, its message limit, each request's bytes counted by the writer that sends it (in
    /// process calls are values, with no bytes to count).
    ///
    /// Batches go out as the plan fills them: planning the rest (hashing every question) runs
    /// while the first batches are measured, instead of before them.
    ///
    /// - Parameters:
    ///   - clients: one or more clients; batches are spread over them.
    ///   - slots: the looks on their devices (`CheckSlot`), each with the limit of rows without
    ///     their own.
    /// - Returns: a row per entry and slot, in the entries' order, then the slots'.
    public static func measure(
        _ entries: [TitleEntry], plan: CheckPlan, slots: [CheckSlot], clients: [ChevronClient], limits: LimitsReply,
        screenTitles: ScreenTitles = ScreenTitles(), substitutions: inout SubstitutionLog,
        progress: (any CheckProgress)? = nil
    ) async throws -> [CheckRow] {
        try await measure(
            CheckRowStoreBuilder(entries, language: plan.language), plan: plan, slots: slots, clients: clients,
            limits: limits, screenTitles: screenTitles, substitutions: &substitutions, progress: progress)
    }

    /// `measure`, of entries already in a store's form (`CheckRowStoreBuilder`): the rows share
    /// one `CheckRowStore`.
    static func measure(
        _ builder: consuming CheckRowStoreBuilder, plan: CheckPlan, slots: [CheckSlot], clients: [ChevronClient],
        limits: LimitsReply, screenTitles: ScreenTitles = ScreenTitles(), substitutions: inout SubstitutionLog,
        progress: (any CheckProgress)? = nil
    ) async throws -> [CheckRow] {
        let looks = slots.map(\.look)
        var builder = builder
        let batchLimit = max(1, min(Self.batchSize, limits.sizeManyRequests))
        // A SizeMany call's own bytes (method, braces); each request adds its text and a comma.
        let countsBytes = clients.contains { $0.transport.sendsMessages }
        let callBytes = SizeCall.envelopeBytes
        // Each request is counted with a comma; a batch of n writes n − 1 of them, hence the 1.
        let byteLimit = min(Self.batchBytes, limits.messageBytes - callBytes + 1)
        let storeLooks = slots.map(CheckRowStore.Look.init)
        let lookCount = looks.count
        let entryCount = builder.entries.count

        // Per entry, what its questions share: the generic title of its language.
        var genericTitles: [String: String?] = [:]
        var noLanguageGeneric: String??
        func genericTitle(for language: String?) -> String? {
            guard let language else {
                if let known = noLanguageGeneric { return known }
                let found = plan.genericTitle(for: nil)
                noLanguageGeneric = .some(found)
                return found
            }
            if let known = genericTitles[language] { return known }
            let found = plan.genericTitle(for: language)
            genericTitles[language] = .some(found)
            return found
        }
        // The limit a row of `entry` in `look` asks with: its own, where that holds it
        // (`CheckRow.ownLimit`), and the look's minimum where its own is below that (no button
        // of the look is narrower: `CheckRow.lookMinimum`); else none, and the look's maximum holds.
        func maximumWidth(_ entry: Int, _ look: Int) -> Double? {
            let index = builder.entries[entry].extra
            guard index >= 0, let own = builder.extras[Int(index)].maximumWidth else { return nil }
            return own < slots[look].maximum ? max(own, slots[look].minimum) : nil
        }

        // Per row (entry × look, in that order): its outcome.
        var rowOutcomes: [UInt32] = []
        rowOutcomes.reserveCapacity(entryCount * lookCount)
        builder.outcomes.reserveCapacity(entryCount * lookCount)
        var questions = Questions(rows: entryCount * lookCount)
        var questionCount = 0
        // Each batch's questions: the row that asked each first, its outcome and, for a back
        // title measured beside one of its screens, that screen's title; emptied once answered.
        var batches: [[Question]] = [[]]
        // Rows measured beside several screens: each screen's outcome, the narrowest room wins.
        var screened: [(row: Int, outcomes: [UInt32])] = []
        var batchBytes = 0
        try await withThrowingTaskGroup(of: (Int, [(CheckOutcome, CheckRowStore.Shown)], SubstitutionLog).self) {
            group in
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
                for (question, (answer, shown)) in zip(batches[index], answers) {
                    builder.answer(question.outcome, answer, shown: shown)
                }
                batches[index] = []
                substitutions.merge(found)
                progress?.advance(by: answers.count)
            }
            /// Sends batch `index` once fewer than two per connection are in flight.
            func send(_ index: Int, _ inFlight: inout Int) async throws {
                while inFlight >= 2 * Self.connections { try await receive(&inFlight) }
                let batch = batches[index].map { question in
                    let (entry, look) = Int(question.row).quotientAndRemainder(dividingBy: lookCount)
                    let language = builder.entries[entry].language
                    var request = Self.request(
                        slots[look], title: builder.entries[entry].title, maxWidth: maximumWidth(entry, look),
                        genericTitle: genericTitle(for: language), language: language)
                    request.screenTitle = question.screen
                    return request
                }
                let client = clients[index % clients.count]
                inFlight += 1
                group.addTask {
                    let results: [SizeResultReply]
                    do {
                        results = try await client.sizeMany(batch, result: .fit)
                    } catch let error as ChevronClientError
                        where error.errorName == "InvalidParameter" && error.parameter == "result"
                    {
                        // A chevrond from before fits: the whole layouts, which CheckOutcome reads too.
                        results = try await client.sizeMany(batch)
                    }
                    // Each result says which request it answers; every request needs one.
                    var answers = [(CheckOutcome, CheckRowStore.Shown)?](repeating: nil, count: batch.count)
                    var substitutions = SubstitutionLog()
                    for result in results where answers.indices.contains(result.index) {
                        var outcome = CheckOutcome(result)
                        // A displayed title that is the title, or its start cut, is not kept twice.
                        let shown = CheckRowStore.Shown(outcome.displayedTitle, of: batch[result.index].title ?? "")
                        if case .text = shown {} else { outcome.displayedTitle = "" }
                        answers[result.index] = (outcome, shown)
                        if let fit = result.fit { substitutions.note(fit, asked: batch[result.index]) }
                        if let layout = result.layout { substitutions.note(layout) }
                    }
                    let answered = answers.compactMap { $0 }
                    guard answered.count == batch.count else {
                        throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
                    }
                    return (index, answered, substitutions)
                }
            }
            /// A row's outcome that is no question: `error` says why.
            func refuse(_ error: String) {
                rowOutcomes.append(builder.append(CheckOutcome(error: error)))
            }
            for entry in 0..<entryCount {
                let stored = builder.entries[entry]
                let problem = builder.extra(of: entry)?.problem
                let titleBytes = stored.title.utf8.count
                let language = stored.language
                let generic = genericTitle(for: language)
                let screens = screenTitles.titles(of: stored.key, plan: plan, language: language)
                for look in 0..<lookCount {
                    let row = entry * lookCount + look
                    // A title its file does not let us write out is no question: its row says why.
                    if let problem {
                        refuse(problem)
                        continue
                    }
                    if titleBytes > limits.textBytes {
                        refuse(
                            "io.chevron.Text.TextTooLong: title: the title is \(titleBytes) UTF-8 bytes long; the limit is \(limits.textBytes)"
                        )
                        continue
                    }
                    let maximum = maximumWidth(entry, look)
                    // A back title beside its screens (a look its bar sizes): a question per
                    // screen, none shared with other rows; the narrowest room is the row's.
                    if !screens.isEmpty, slots[look].device != nil {
                        var outcomes: [UInt32] = []
                        for screen in screens {
                            var bytes = 0
                            if countsBytes {
                                var request = Self.request(
                                    slots[look], title: stored.title, maxWidth: maximum, genericTitle: generic,
                                    language: language)
                                request.screenTitle = screen
                                bytes = request.jsonByteCount + 1
                            }
                            let full = batches[batches.count - 1].count == batchLimit
                            if full || (countsBytes && batchBytes + bytes > byteLimit) {
                                try await send(batches.count - 1, &inFlight)
                                batches.append([])
                                batchBytes = 0
                            }
                            batchBytes += bytes
                            let outcome = UInt32(builder.outcomes.count)
                            builder.outcomes.append(CheckRowStore.Outcome())
                            outcomes.append(outcome)
                            batches[batches.count - 1].append(
                                Question(row: UInt32(row), outcome: outcome, screen: screen))
                            questionCount += 1
                        }
                        rowOutcomes.append(outcomes[0])
                        screened.append((row, outcomes))
                        continue
                    }
                    var hasher = KeyHasher()
                    hasher.combine(stored.title)
                    hasher.combine(slots[look].label)
                    hasher.combine(maximum?.bitPattern ?? UInt64.max)
                    hasher.combine(language)
                    hasher.combine(generic)
                    let digest = hasher.finalize()
                    let known = questions.find(digest) { asker in
                        let (other, otherLook) = asker.quotientAndRemainder(dividingBy: lookCount)
                        let asked = builder.entries[other]
                        return otherLook == look && maximumWidth(other, otherLook) == maximum
                            && asked.title.hasSameBytes(as: stored.title) && asked.language.hasSameBytes(as: language)
                            && genericTitle(for: asked.language).hasSameBytes(as: generic)
                    }
                    if let known {
                        rowOutcomes.append(rowOutcomes[known])
                        continue
                    }
                    // Through a daemon, the request's text as the batch's call writes it, and its
                    // comma; in process nothing is written.
                    var bytes = 0
                    if countsBytes {
                        bytes =
                            Self.request(
                                slots[look], title: stored.title, maxWidth: maximum, genericTitle: generic,
                                language: language
                            ).jsonByteCount + 1
                        if bytes > byteLimit {
                            refuse(
                                "io.chevron.Service.MessageTooLong: the request is \(bytes - 1 + callBytes) bytes; the limit is \(limits.messageBytes)"
                            )
                            continue
                        }
                    }
                    let full = batches[batches.count - 1].count == batchLimit
                    if full || (countsBytes && batchBytes + bytes > byteLimit) {
                        try await send(batches.count - 1, &inFlight)
                        batches.append([])
                        batchBytes = 0
                    }
                    // Its outcome is filled in when its batch's answers come in.
                    let outcome = UInt32(builder.outcomes.count)
                    rowOutcomes.append(outcome)
                    builder.outcomes.append(CheckRowStore.Outcome())
                    questions.insert(digest, row: row)
                    batches[batches.count - 1].append(Question(row: UInt32(row), outcome: outcome, screen: nil))
                    batchBytes += bytes
                    questionCount += 1
                }
            }
            progress?.expect(total: questionCount)
            if batches[batches.count - 1].isEmpty == false { try await send(batches.count - 1, &inFlight) }
            while inFlight > 0 { try await receive(&inFlight) }
        }
        progress?.finish()
        // A substituted look's font, which fits do not describe, asked once for its note.
        try await substitutions.resolve(with: clients[0])
        // Every batch's answers were checked complete as it came back.
        guard builder.outcomes.allSatisfy({ $0.flags & CheckRowStore.Outcome.answered != 0 }) else {
            throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
        }
        questions = Questions(rows: 0)
        // A row measured beside several screens keeps the answer with the narrowest room.
        for (row, outcomes) in screened {
            rowOutcomes[row] =
                outcomes.min { builder.outcomes[Int($0)].room < builder.outcomes[Int($1)].room } ?? outcomes[0]
        }
        // The table's pages, and what the batches held, go back to the system before the rows
        // take as much again: glibc keeps freed memory in the middle of its heap otherwise.
        malloc_trim(0)
        // A row per entry and look, in the files' order, then the looks'.
        let store = builder.store(looks: storeLooks)
        var rows: [CheckRow] = []
        rows.reserveCapacity(rowOutcomes.count)
        var position = 0
        for entry in 0..<entryCount {
            for look in 0..<lookCount {
                rows.append(CheckRow(store, entry: entry, look: UInt16(look), outcome: rowOutcomes[position]))
                position += 1
            }
        }
        return rows
    }
}

/// One question of a batch: the row that asked it first, the outcome its answer fills, and the
/// screen title it is measured beside.
private struct Question {
    let row: UInt32
    let outcome: UInt32
    let screen: String?
}

/// The titles of the screens a project pairs with back titles (`CheckPlan.screens`), by key and
/// language, read from the check's files whether or not a filter selects them.
public struct ScreenTitles: Sendable {
    /// Key → language ("" for none) → title.
    var titles: [String: [String: String]] = [:]

    public init() {}

    /// Keeps `entry`'s title when its key is one a back title leads back from.
    mutating func note(_ entry: TitleEntry, keys: Set<String>) {
        guard keys.contains(entry.key) else { return }
        titles[entry.key, default: [:]][entry.language ?? ""] = entry.title
    }

    /// The titles of the screens `key`'s back title leads back from, in `language`.
    func titles(of key: String, plan: CheckPlan, language: String?) -> [String] {
        guard let screens = plan.screens[key] else { return [] }
        return screens.compactMap { titles[$0]?[language ?? ""] }
    }

    /// Whether a back title of `key` in `language` has a screen to be measured beside.
    func hasScreen(_ key: String, plan: CheckPlan, language: String?) -> Bool {
        !titles(of: key, plan: plan, language: language).isEmpty
    }
}

extension CheckMeasurer {
    /// The request of a row in `slot`: its look, and its device (or a project device's width).
    static func request(
        _ slot: CheckSlot, title: String, maxWidth: Double?, genericTitle: String?, language: String?
    ) -> SizeParameters {
        SizeParameters(
            look: slot.look, title: title, maxWidth: maxWidth, genericTitle: genericTitle, language: language,
            device: slot.barWidth == nil ? slot.device : nil, barWidth: slot.barWidth)
    }
}

/// The bytes of a SizeMany call, to cut batches under the daemon's message limit.
enum SizeCall {
    /// A call's bytes without its requests:
    /// `{"method":…,"parameters":{"requests":[],"result":"fit"}}`, as the transport writes it.
    static let envelopeBytes: Int = {
        var bytes: [UInt8] = []
        VarlinkCall(
            method: BackButtonInterface.SizeMany.name,
            value: BackButtonInterface.SizeMany.Parameters(requests: [], result: .fit)
        )
        .encode(into: &bytes)
        return bytes.count
    }()
}
