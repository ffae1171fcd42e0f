import Foundation
import VarlinkIDL

// varlink-codegen: Swift types for Varlink interface descriptions, one file per interface.
// Usage: varlink-codegen OUTPUT_DIR FILE.varlink...
// Each `FILE.varlink` becomes `OUTPUT_DIR/FILE.swift`. The output is committed; a test runs this
// tool again and compares, so the .varlink files stay the single source.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: varlink-codegen OUTPUT_DIR FILE.varlink...\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments.first!)
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    do {
        let text = try String(contentsOf: url, encoding: .utf8)
        let interface = try IDLParser.parse(text)
        let swift = SwiftGenerator(interface: interface, source: url.lastPathComponent).file()
        let target = output.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".swift")
        try swift.write(to: target, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("varlink-codegen: \(path): \(error)\n".utf8))
        exit(1)
    }
}
