import ChevronCheck
import ChevronClient
import ChevronInProcess
import ChevronJSON
import ChevronTestSupport
import Foundation

/// A check run as `chevron check --local` runs it: catalogues written by a test into a fresh
/// folder, read and measured by the engine in this process.
enum CheckHarness {
    /// The engine in this process, made once: starting one reads the system's fonts.
    static let client = ChevronClient(transport: try! InProcessTransport(looksDirectory: nil))

    /// Writes `files` (path relative to a new folder → contents) and checks them, in path order,
    /// with `configure`'s changes to the plan.
    static func run(
        _ files: [String: String], _ configure: (inout CheckPlan) -> Void = { _ in }
    ) async throws -> CheckRun {
        let folder = try folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = CheckPlan()
        plan.files = files.keys.sorted().map { folder.appendingPathComponent($0).path }
        configure(&plan)
        // Written against classic's widths, a test that names no look checks classic (the
        // command's own default is modern).
        if plan.looks.isEmpty { plan.looks = ["classic"] }
        return try await CheckRun(plan, clients: [client])
    }

    /// A new folder holding `files`.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-check-\(UUID())")
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The classic look's width for a title, from its definition (docs/looks.md, "classic"):
    /// Helvetica Bold 12 unkerned (fontconfig's Nimbus Sans Bold) measured by hb-shape, plus 12 and
    /// 8 of padding, at least the art's 43, snapped up to whole points.
    static func classicWidth(_ title: String) throws -> Double {
        let face = try ExternalTools.fcMatch("Helvetica:bold")
        let text = try ExternalTools.hbShapeWidth(file: face.file, text: title, size: 12, features: ["-kern"])
        return max(text + 12 + 8, 43).rounded(.up)
    }

    /// What a report writer writes, as text.
    static func json(_ write: (inout PrettyJSON) -> Void) -> String {
        var bytes: [UInt8] = []
        var json = PrettyJSON { bytes += $0 }
        write(&json)
        json.finish()
        return String(decoding: bytes, as: UTF8.self)
    }
}
