import Foundation
import VarlinkCodegen
import VarlinkIDL

// varlink-codegen: Swift types for Varlink interface descriptions, one file per interface, and
// their Markdown reference.
// Usage: varlink-codegen [--module NAME] [--markdown FILE.md] OUTPUT_DIR FILE.varlink...
//        varlink-codegen --readme README.md FILE.varlink...
// Each `FILE.varlink` becomes `OUTPUT_DIR/FILE.swift`; with --markdown, all of them also become
// one reference document. --module names the module the output belongs to (default
// ChevronWire); output for ChevronVarlink itself (org.varlink.service) does not import it.
// With --readme, no Swift is written: the table of interfaces, methods and errors between the
// README's `interfaces-table` markers is rewritten from the files. The output is committed;
// ChevronWireTests run the same generators (the VarlinkCodegen library) again and compare, so
// the .varlink files stay the single source.

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("varlink-codegen: \(message)\n".utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var markdown: String?
var readme: String?
var module = "ChevronWire"
while let option = arguments.first, option.hasPrefix("--"), arguments.count > 1 {
    switch option {
    case "--markdown": markdown = arguments[1]
    case "--module": module = arguments[1]
    case "--readme": readme = arguments[1]
    default: fail("unknown option \(option)", code: 64)
    }
    arguments.removeFirst(2)
}
let output: URL? = readme == nil ? arguments.first.map { URL(fileURLWithPath: $0) } : nil
let sources = readme == nil ? Array(arguments.dropFirst()) : arguments
guard !sources.isEmpty else {
    fail(
        "usage: varlink-codegen [--module NAME] [--markdown FILE.md] OUTPUT_DIR FILE.varlink...\n"
            + "       varlink-codegen --readme README.md FILE.varlink...", code: 64)
}
var parsed: [IDLInterface] = []
for path in sources {
    let url = URL(fileURLWithPath: path)
    do {
        let text = try String(contentsOf: url, encoding: .utf8)
        let interface = try IDLParser.parse(text)
        parsed.append(interface)
        guard let output else { continue }
        let swift = SwiftGenerator(interface: interface, source: url.lastPathComponent, module: module).file()
        let target = output.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".swift")
        try swift.write(to: target, atomically: true, encoding: .utf8)
    } catch {
        fail("\(path): \(error)")
    }
}
if let markdown {
    do {
        try MarkdownGenerator(interfaces: parsed).document().write(
            to: URL(fileURLWithPath: markdown), atomically: true, encoding: .utf8)
    } catch {
        fail("\(markdown): \(error)")
    }
}
if let readme {
    let url = URL(fileURLWithPath: readme)
    do {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let updated = MarkdownGenerator(interfaces: parsed).replacingSummary(in: text) else {
            fail("\(readme): no <!-- interfaces-table --> … <!-- /interfaces-table --> block")
        }
        try updated.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        fail("\(readme): \(error)")
    }
}
