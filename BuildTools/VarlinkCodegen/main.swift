import Foundation
import VarlinkIDL

// varlink-codegen: Swift types for Varlink interface descriptions, one file per interface, and
// their Markdown reference.
// Usage: varlink-codegen [--module NAME] [--markdown FILE.md] OUTPUT_DIR FILE.varlink...
// Each `FILE.varlink` becomes `OUTPUT_DIR/FILE.swift`; with --markdown, all of them also become
// one reference document. --module names the module the output belongs to (default
// ChevronWire); output for ChevronVarlink itself (org.varlink.service) does not import it. The output is committed; a test runs this tool again and compares, so
// the .varlink files stay the single source.

var arguments = Array(CommandLine.arguments.dropFirst())
var markdown: String?
var module = "ChevronWire"
while let option = arguments.first, option.hasPrefix("--"), arguments.count > 1 {
    switch option {
    case "--markdown": markdown = arguments[1]
    case "--module": module = arguments[1]
    default:
        FileHandle.standardError.write(Data("varlink-codegen: unknown option \(option)\n".utf8))
        exit(64)
    }
    arguments.removeFirst(2)
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: varlink-codegen [--module NAME] [--markdown FILE.md] OUTPUT_DIR FILE.varlink...\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments.first!)
var parsed: [IDLInterface] = []
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    do {
        let text = try String(contentsOf: url, encoding: .utf8)
        let interface = try IDLParser.parse(text)
        parsed.append(interface)
        let swift = SwiftGenerator(interface: interface, source: url.lastPathComponent, module: module).file()
        let target = output.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".swift")
        try swift.write(to: target, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("varlink-codegen: \(path): \(error)\n".utf8))
        exit(1)
    }
}
if let markdown {
    do {
        try MarkdownGenerator(interfaces: parsed).document().write(
            to: URL(fileURLWithPath: markdown), atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("varlink-codegen: \(markdown): \(error)\n".utf8))
        exit(1)
    }
}
