import Foundation

/// Independent witnesses: the command-line tools of the same libraries, run as separate processes,
/// and font tables read straight from the file. Expected values in the tests come from here.
public enum ExternalTools {
    /// Runs `tool` with `arguments`; returns standard output, or nil when it exits non-zero.
    public static func run(_ tool: String, _ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// What `hb-shape` reports for `text` in face `index` of `file`: the glyphs' x advances in font
    /// units (hb-shape's default scale is the font's units per em). `variations` are design
    /// coordinates (`wght=650`), `language` a BCP 47 tag, as hb-shape's own options take them.
    public static func hbShapeAdvances(
        file: String, text: String, features: [String] = [], index: Int = 0, variations: [String] = [],
        language: String? = nil
    ) throws -> [Int] {
        var arguments = ["--output-format=json", "--no-glyph-names", "--face-index=\(index)"]
        if !features.isEmpty { arguments.append("--features=\(features.joined(separator: ","))") }
        if !variations.isEmpty { arguments.append("--variations=\(variations.joined(separator: ","))") }
        if let language { arguments.append("--language=\(language)") }
        arguments += [file, text]
        guard let output = try run("hb-shape", arguments) else { throw ToolError.failed("hb-shape \(arguments)") }
        struct Glyph: Decodable { let ax: Int }
        return try JSONDecoder().decode([Glyph].self, from: Data(output.utf8)).map(\.ax)
    }

    /// What `hb-shape --utf8-clusters` reports for `text` in face `index` of `file`: each glyph's
    /// cluster, as a UTF-8 byte offset into `text`, and its x advance in font units, in hb-shape's
    /// output (visual) order.
    public static func hbShapeClusters(
        file: String, text: String, features: [String] = [], index: Int = 0
    ) throws -> [(cluster: Int, advance: Int)] {
        var arguments = ["--output-format=json", "--no-glyph-names", "--utf8-clusters", "--face-index=\(index)"]
        if !features.isEmpty { arguments.append("--features=\(features.joined(separator: ","))") }
        arguments += [file, text]
        guard let output = try run("hb-shape", arguments) else { throw ToolError.failed("hb-shape \(arguments)") }
        struct Glyph: Decodable {
            let cl: Int
            let ax: Int
        }
        return try JSONDecoder().decode([Glyph].self, from: Data(output.utf8)).map { ($0.cl, $0.ax) }
    }

    /// The sum of x advances `hb-shape` reports for `text` in `file`, in font units
    /// (see `hbShapeAdvances`).
    public static func hbShapeAdvance(
        file: String, text: String, features: [String] = [], index: Int = 0, variations: [String] = [],
        language: String? = nil
    ) throws -> Int {
        try hbShapeAdvances(
            file: file, text: text, features: features, index: index, variations: variations, language: language
        ).reduce(0, +)
    }

    /// The width in points `hb-shape` gives `text` at `size`, using the head table's units per em.
    public static func hbShapeWidth(
        file: String, text: String, size: Double, features: [String] = [], index: Int = 0,
        variations: [String] = [], language: String? = nil
    ) throws -> Double {
        let units = try hbShapeAdvance(
            file: file, text: text, features: features, index: index, variations: variations, language: language)
        return Double(units) * size / Double(try FontTables(file: file, index: index).unitsPerEm)
    }

    /// `fc-match`'s answer for a pattern: first family, first style, file and index.
    public static func fcMatch(_ pattern: String) throws -> (family: String, style: String, file: String, index: Int) {
        guard let output = try run("fc-match", ["-f", "%{family[0]}\t%{style[0]}\t%{file}\t%{index}", pattern]) else {
            throw ToolError.failed("fc-match \(pattern)")
        }
        let fields = output.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return (fields[0], fields[1], fields[2], Int(fields[3]) ?? -1)
    }

    /// `fc-match -f FORMAT PATTERN`'s output, split at `|`.
    public static func fcMatchFields(_ pattern: String, format: String) throws -> [String] {
        guard let output = try run("fc-match", ["-f", format, pattern]) else {
            throw ToolError.failed("fc-match \(pattern)")
        }
        return output.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// The files `fc-list QUERY file` lists (one per line, `FILE: `), e.g. `:color=true:charset=1f389`.
    public static func fcListFiles(_ query: String) throws -> Set<String> {
        let output = try run("fc-list", [query, "file"]) ?? ""
        return Set(
            output.split(separator: "\n").map { line in
                var file = line.trimmingCharacters(in: .whitespaces)
                if file.hasSuffix(":") { file.removeLast() }
                return file
            })
    }

    /// Files of the installed fonts that cover `scalar`, as `fc-list` reports them.
    public static func filesCovering(_ scalar: Unicode.Scalar) throws -> Set<String> {
        let output = try run("fc-list", [":charset=\(String(scalar.value, radix: 16))", "file"]) ?? ""
        // Each line is "FILE: " (the format fc-list uses for a single element).
        return Set(
            output.split(separator: "\n").map { line in
                String(
                    line.trimmingCharacters(in: .whitespaces).dropLast(
                        line.hasSuffix(": ") || line.hasSuffix(":") ? 1 : 0))
            })
    }

    public enum ToolError: Error { case failed(String) }
}

/// A few fields of a font's `head` and `hhea` tables, read from the file without FreeType.
public struct FontTables {
    public let unitsPerEm: Int
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int

    /// Reads face `index` of `file` (a collection's n-th font; 0 for a single font).
    public init(file: String, index: Int = 0) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        func u16(_ offset: Int) -> Int { Int(data[offset]) << 8 | Int(data[offset + 1]) }
        func s16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        // A collection ('ttcf') lists its fonts' offsets after its 12-byte header.
        let start = data.prefix(4) == Data("ttcf".utf8) ? u32(12 + 4 * index) : 0
        var tables: [String: Int] = [:]
        for entry in 0..<u16(start + 4) {
            let record = start + 12 + entry * 16
            tables[String(decoding: data[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"] else { throw ExternalTools.ToolError.failed(file) }
        unitsPerEm = u16(head + 18)
        ascender = s16(hhea + 4)
        descender = s16(hhea + 6)
        lineGap = s16(hhea + 8)
    }
}
