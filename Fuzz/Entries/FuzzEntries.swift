// The fuzz targets' entry points. Two packages compile this one file: the fuzz package (Fuzz/),
// as its ChevronFuzzing library that every fuzz-* executable calls, and the main package's
// ChevronFuzzingTests, through the relative symbolic link
// Tests/ChevronFuzzingTests/FuzzEntries.swift -> ../../Fuzz/Entries/FuzzEntries.swift, so that
// `make test` replays the corpus and past crashes through the same code without building the
// fuzz package. Import only modules that both packages provide.

import ChevronBuiltInLooks
import ChevronCheck
import ChevronJSON
import ChevronLooks
import ChevronService
import ChevronText
import ChevronVarlink
import ChevronWire
import Foundation
import NIOCore

/// The entry points of the fuzz targets (`Fuzz/`, `make fuzz`) and of the tests that replay their
/// corpus and past crashes (`make test`): each takes arbitrary bytes and must return, whatever
/// they are: no trap, no crash, no hang. What an entry returns is ignored.
public enum FuzzEntries {
    /// The targets by name, as the corpus folders are named.
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "frames": frames, "json": json, "one-pass": onePass, "calls": calls, "manifest": manifest,
        "check-formats": checkFormats, "android": android, "xliff": xliff, "plurals": plurals, "project": project,
    ]

    /// The NUL frame decoder, fed the bytes in pieces of several sizes (the way a socket may cut
    /// them), then the end of the stream, with a small message limit.
    public static func frames(_ bytes: [UInt8]) {
        for piece in [1, 2, 7, 64, max(1, bytes.count)] {
            var decoder = VarlinkFrameDecoder(maximumMessageBytes: 256)
            var buffer = ByteBuffer()
            var offset = 0
            while offset < bytes.count {
                buffer.writeBytes(bytes[offset..<min(offset + piece, bytes.count)])
                offset += piece
                while let frame = try? decoder.decode(buffer: &buffer) { _ = frame }
            }
            while let frame = try? decoder.decodeLast(buffer: &buffer, seenEOF: true) { _ = frame }
        }
    }

    /// The strict JSON parser, and the JSON text of what it accepts parsed again.
    public static func json(_ bytes: [UInt8]) {
        guard let value = try? bytes.withUnsafeBytes({ buffer throws(JSONParseError) in try JSONParser.parse(buffer) })
        else { return }
        var text: [UInt8] = []
        value.encode(into: &text)
        let again = try? text.withUnsafeBytes { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
        precondition(again == value, "the parser does not read back what the encoder wrote")
    }

    /// The one-pass readers against `JSONParser` on the same bytes: a reply envelope and a call
    /// envelope must read what the parser reads of the whole message; a reply's frame read as its
    /// type, and typed reads strict and lenient, must never read text the parser refuses. One
    /// pass may give up where the parser reads (the caller then reads the slow way).
    public static func onePass(_ bytes: [UInt8]) {
        let tree = try? bytes.withUnsafeBytes { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
        if let fast = bytes.withUnsafeBytes({ VarlinkReply(frame: $0) }) {
            // The envelope pass only finds where the parameters end; their text is checked when
            // read. So where the parser refuses the frame, reading the parameters must fail.
            guard let tree, let slow = try? VarlinkReply(message: tree) else {
                precondition((try? fast.parsedParameters()) == nil, "one pass read parameters the parser refuses")
                return
            }
            precondition(fast.error == slow.error && fast.continues == slow.continues, "the envelope differs")
            precondition((try? fast.parsedParameters()) == slow.parameters, "the parameters differ")
        }
        if let fast = bytes.withUnsafeBytes({ VarlinkCall(frame: $0) }) {
            // The call pass checks the parameters' text as the parser would: the parser must
            // read the same call.
            guard let tree, let slow = try? VarlinkCall(message: tree) else {
                preconditionFailure("one pass read a call the parser refuses")
            }
            precondition(
                fast.method == slow.method && fast.oneway == slow.oneway && fast.more == slow.more
                    && fast.upgrade == slow.upgrade, "the call's envelope differs")
            precondition(fast.parameters == slow.parameters, "the call's parameters differ")
        }
        // (Reading a typed value again from the parser's tree would only run the same reader
        // on the tree's text, so the typed reads are checked against the parser's verdict.)
        func same<T: WireStruct>(_ type: T.Type, strict: Bool) {
            guard (try? T(json: bytes, strict: strict)) != nil else { return }
            precondition(tree != nil, "one pass read a \(type) the parser refuses")
        }
        // A reply's frame read straight into its type (a client's typed call): only a plain
        // reply, as the parser's envelope read of the whole frame says.
        func sameFrame<T: WireStruct>(_ type: T.Type) {
            guard bytes.withUnsafeBytes({ VarlinkReply.parameters(ofFrame: $0, as: type) }) != nil else { return }
            guard let tree, let slow = try? VarlinkReply(message: tree), slow.error == nil, !slow.continues else {
                preconditionFailure("one pass read a \(type) reply the parser refuses or is not plain")
            }
        }
        sameFrame(BackButtonInterface.Layout.self)
        sameFrame(BackButtonInterface.SizeMany.Reply.self)
        sameFrame(TextInterface.MeasureText.Reply.self)
        same(BackButtonInterface.Layout.self, strict: false)
        same(BackButtonInterface.SizeMany.Reply.self, strict: false)
        same(BackButtonInterface.SizeRequest.self, strict: true)
        same(TextInterface.MeasureText.Reply.self, strict: false)
        same(BackButtonInterface.LookDescription.self, strict: false)
    }

    /// A service in this process, shared by every input (as a daemon's is by every call).
    private static let service: ChevronService? = {
        guard let text = try? TextEngine() else { return nil }
        return ChevronService(
            configuration: ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: nil), text: text,
            ownerUID: 0)
    }()

    /// A Varlink message as a call, and the call answered by the service: every method's
    /// parameter decoding, and the work behind it. Render, Reload and GetFingerprint are read as
    /// Size calls instead (drawing, rescanning and hashing fonts are too slow to fuzz, and are no
    /// parsers).
    public static func calls(_ bytes: [UInt8]) {
        // Read as the daemon reads a frame: in one pass when it can, else parsed whole.
        guard let service, let call = try? bytes.withUnsafeBytes({ try VarlinkCall.read(frame: $0) }) else { return }
        if call.method.hasSuffix(".Render") || call.method.hasSuffix(".Reload")
            || call.method.hasSuffix(".GetFingerprint")
        {
            // Only the shared SizeRequest reading, which Size decodes the same way.
            let size = VarlinkCall(method: "io.chevron.BackButton.Size", parameters: call.parameters)
            _ = service.handle(size, context: VarlinkCallContext(peer: nil))
            return
        }
        _ = service.handle(call, context: VarlinkCallContext(peer: nil))
    }

    /// A look manifest's bytes.
    public static func manifest(_ bytes: [UInt8]) {
        _ = ManifestLoader.loadManifest(data: Data(bytes), file: "/fuzz/looks/fuzz.json")
    }

    /// The Android reader alone, seeded with DTDs and entities (nested, external, parameter,
    /// in attribute values): every input read within the entity bounds, or refused.
    public static func android(_ bytes: [UInt8]) {
        catalogue(bytes, path: "/fuzz/values-de/strings.xml", format: .android)
    }

    /// The XLIFF reader alone, seeded as `android` is, and with inline codes and limits.
    public static func xliff(_ bytes: [UInt8]) {
        catalogue(bytes, path: "/fuzz/de.xliff", format: .xliff)
    }

    /// One reader's entries, each title's placeholders filled as a check fills them.
    private static func catalogue(_ bytes: [UInt8], path: String, format: TitleFormat) {
        for entry in (try? TitleFile.entries(in: Data(bytes), path: path, format: format)) ?? [] {
            var entry = entry
            entry.language = "ar"
            _ = entry.expandingPlaceholders(PlaceholderSamples())
        }
    }

    /// Every format `chevron check` reads, each given the same bytes.
    public static func checkFormats(_ bytes: [UInt8]) {
        let data = Data(bytes)
        // Each reader by its extension (`CatalogueReaders.all`), and the content's own choice.
        var paths = CatalogueReaders.all.compactMap { reader in reader.extensions.first.map { "fuzz.\($0)" } }
        paths += ["values-de/strings.xml", "fuzz"]
        for path in paths {
            // Each title's placeholders filled too, as a check fills them (plural forms' numbers
            // in a language with many categories).
            for entry in (try? TitleFile.entries(in: data, path: "/fuzz/\(path)")) ?? [] {
                var entry = entry
                entry.language = "ar"
                _ = entry.expandingPlaceholders(PlaceholderSamples())
            }
        }
    }

    /// The plural path: a `.stringsdict` and an `.xcstrings` catalogue read from the bytes, every
    /// entry's markup taken out and its plural forms' numbers written in languages of one, three,
    /// four and six categories and none (en, ru, pl, ar, ja), as a check does.
    public static func plurals(_ bytes: [UInt8]) {
        let data = Data(bytes)
        for path in ["/fuzz/de.lproj/Localizable.stringsdict", "/fuzz/Localizable.xcstrings"] {
            for entry in (try? TitleFile.entries(in: data, path: path)) ?? [] {
                for language in ["en", "ru", "pl", "ar", "ja"] {
                    var entry = entry.showingMarkup()
                    entry.language = language
                    _ = entry.expandingPlaceholders(PlaceholderSamples())
                }
            }
        }
    }

    /// A project file (`chevron check --config`): every field read, its comment pattern compiled
    /// and matched against the bytes themselves.
    public static func project(_ bytes: [UInt8]) {
        guard let plan = try? CheckPlan.load(Data(bytes), path: "/fuzz/chevron-check.json") else { return }
        if let pattern = plan.titlesComment, let compiled = try? CommentPattern(pattern) {
            _ = compiled.matches(String(decoding: bytes, as: UTF8.self))
        }
    }
}
