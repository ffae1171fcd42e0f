import ArgumentParser
import CLinuxExtras
import ChevronCheck
import ChevronClient
import ChevronJSON
import ChevronText
import ChevronVarlink
import Foundation

/// Printing results and errors the same way in every subcommand.
enum Output {
    /// Prints `lines` on standard output, each with its newline, a 64 KiB piece per `print`:
    /// a table of 600,000 rows is not 600,000 locked writes.
    static func printLines(_ lines: [String]) {
        var piece = ""
        piece.reserveCapacity(1 << 16)
        func write() {
            print(piece, terminator: "")
            piece.removeAll(keepingCapacity: true)
        }
        for line in lines {
            piece.append(line)
            piece.append("\n")
            if piece.utf8.count >= 1 << 16 { write() }
        }
        write()
    }

    /// Prints what `produce` hands over as it hands it over: pieces of whole lines, each with its
    /// newline (`CheckTable.write`), never all of them at once.
    static func printLines(_ produce: (_ write: (String) -> Void) -> Void) {
        produce { piece in print(piece, terminator: "") }
    }

    /// Prints a reply of a generated type as pretty, key-sorted JSON on standard output: the
    /// text its writer writes, laid out by `PrettyJSON`.
    static func printJSON(_ value: some WireStruct) {
        printJSON(value.tree)
    }

    /// Prints a tree as pretty, key-sorted JSON on standard output, laid out by `PrettyJSON`.
    static func printJSON(_ value: JSONValue) {
        var output = PrettyJSON.toStandardOutput()
        write(value, into: &output)
        output.finish()
    }

    /// A value laid out by `PrettyJSON`, each object's keys sorted.
    private static func write(_ value: JSONValue, into output: inout PrettyJSON) {
        switch value {
        case .null: output.null()
        case .bool(let flag): output.bool(flag)
        case .number(let number): output.double(number)
        case .string(let text): output.string(text)
        case .array(let elements):
            output.array { output in
                for element in elements {
                    output.element()
                    write(element, into: &output)
                }
            }
        case .object(let members):
            output.object { output in
                for member in members.sorted(by: { $0.key < $1.key }) {
                    output.key(member.key)
                    write(member.value, into: &output)
                }
            }
        }
    }

    /// Prints one line of a command's human output with what it echoes from its input (titles,
    /// font and file names, a manifest's words) escaped (`escapingControls`): one line stays one
    /// line, and no terminal escape gets through.
    static func line(_ text: String) {
        print(text.escapingControls)
    }

    /// Points as every report prints them (`Points.text`).
    static func points(_ value: Double) -> String { Points.text(value) }

    /// Refuses a scale other than 1, 2 or 3 (the scales of iOS screens) as a usage error.
    static func requireScale(_ scale: Int) throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale \(scale) is not 1, 2 or 3") }
    }

    /// Refuses an output file whose extension is not `.png` (`-` is standard output), so that a
    /// PNG is never written under a name that says otherwise.
    static func requirePNG(_ path: String, option: String = "--output") throws {
        guard path == "-" || (path as NSString).pathExtension.lowercased() == "png" else {
            throw ValidationError(
                "\(option) \(path): the picture is a PNG; name the file *.png (or - for standard output)")
        }
    }

    /// Refuses NaN and infinity as a usage error: JSON has neither, and sending null instead
    /// would silently mean "the default".
    static func requireFinite(_ value: Double?, option: String) throws {
        if let value, !value.isFinite {
            throw ValidationError("\(option): \(value) is not a finite number of points")
        }
    }

    /// Writes `bytes` to the file at `path`, or to standard output for `-`; a file that cannot be
    /// written is a usage error (exit 2).
    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            // Through C's stdout, as `print` writes: `finish` then says whether it all got out.
            _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, chevron_standard_output()) }
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fail("cannot write \(path): \(String(cString: strerror(errno)))", status: ExitStatus.usage)
        }
    }

    /// Writes `message` on standard error, prefixed `chevron: `, and exits with `status`.
    /// `message` may hold what a file, a project file or chevrond said: it is escaped
    /// (`escapingControls`), so that it is one line a CI log cannot read as a command; `hint`,
    /// chevron's own words, follows on a line of its own.
    static func fail(_ message: String, hint: String? = nil, status: Int32) -> Never {
        standardError("chevron: \(message.escapingControls)\n" + (hint.map { $0 + "\n" } ?? ""))
        finish(status: status)
    }

    /// Writes `text` on standard error as it is (C's stderr, unbuffered). Where standard error
    /// cannot be written there is nowhere to say so: the exit status still tells.
    static func standardError(_ text: String) {
        // What standard output holds so far goes first: where a log merges the two streams, a
        // line of standard error never lands inside a line of standard output.
        fflush(chevron_standard_output())
        fputs(text, chevron_standard_error())
    }

    /// Ends the process with `status` once standard output is written out: when any of it could
    /// not be written (a full disk, a closed pipe, `/dev/full`), the run fails with status 2 and
    /// says why, rather than exiting 0 with a report lost.
    static func finish(status: Int32) -> Never {
        let output = chevron_standard_output()
        if fflush(output) != 0 || ferror(output) != 0 {
            let reason = String(cString: strerror(errno))
            standardError("chevron: cannot write standard output: \(reason)\n")
            exit(ExitStatus.usage)
        }
        exit(status)
    }

    /// Runs `body`; a client error becomes a message and an exit status: 3 when chevrond is
    /// unreachable or went away, 4 when it answered with an error.
    static func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ChevronClientError {
            switch error.code {
            case .remote: fail(error.message, status: ExitStatus.remoteError)
            case .tooLong: fail(error.message, status: ExitStatus.usage)
            default: fail(error.message, status: ExitStatus.unreachable)
            }
        } catch let error as ExitCode {
            throw error
        } catch let error as CheckPlan.Problem {
            fail(error.description, status: ExitStatus.usage)
        } catch {
            // Only the in-process engine can throw anything else: it could not start.
            fail("the in-process engine cannot start: \(error)", status: ExitStatus.unreachable)
        }
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters, and always followed by at
    /// least one space.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    /// The string padded with spaces to exactly `width` characters when shorter (table columns).
    func column(_ width: Int) -> String {
        let count = characterCount
        return count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// Appends the string, then spaces up to `width` Characters when it is shorter.
    func appendColumn(to line: inout String, width: Int) {
        line.append(self)
        let count = characterCount
        if count < width { line.append(String(repeating: " ", count: width - count)) }
    }
}
