import ChevronJSON
import ChevronText
import Foundation

/// Reads look manifests from a folder: every `*.json` file, in name order.
public enum ManifestLoader {
    /// The largest manifest read, in bytes.
    static let manifestLimit = 64 << 10

    /// The looks the folder's manifests describe, and a problem for every manifest that is wrong.
    /// A folder that does not exist holds no looks and is no problem.
    public static func load(directory: String) -> (looks: [ManifestLook], problems: [ManifestProblem]) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var looks: [ManifestLook] = []
        var problems: [ManifestProblem] = []
        for name in files.sorted() where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            switch loadManifest(file: path) {
            case .success(let look): looks.append(look)
            case .failure(let problem): problems.append(problem)
            }
        }
        return (looks, problems)
    }

    /// One manifest file as a look, or the first problem found in it.
    public static func loadManifest(file: String) -> Result<ManifestLook, ManifestProblem> {
        func problem(_ field: String, _ reason: String) -> Result<ManifestLook, ManifestProblem> {
            .failure(ManifestProblem(file: file, field: field, reason: reason))
        }
        // Read as a regular file only: a FIFO among the manifests is a problem, never a wait.
        switch RegularFile.read(file, limit: manifestLimit) {
        case .success(let bytes): return loadManifest(data: Data(bytes), file: file)
        case .failure(.tooLarge(let size)): return problem("", "is \(size) bytes; the limit is \(manifestLimit)")
        case .failure(.notOpened(let failure)): return problem("", failure.reason)
        }
    }

    /// A manifest's bytes as a look, or the first problem found in them; `file` names it in
    /// problems and anchors a relative `font.file`.
    public static func loadManifest(data: Data, file: String) -> Result<ManifestLook, ManifestProblem> {
        func problem(_ field: String, _ reason: String) -> Result<ManifestLook, ManifestProblem> {
            .failure(ManifestProblem(file: file, field: field, reason: reason))
        }
        guard data.count <= manifestLimit else { return problem("", "is \(data.count) bytes; the limit is \(manifestLimit)") }
        // The member names are checked first: an unknown one is refused before any field is
        // read, as a typo deserves. The parser refuses a key given twice, naming it.
        let manifest: LookManifest
        do {
            // A UTF-8 byte order mark, which some editors write, is not part of the JSON.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let start = data.starts(with: bom) ? bom.count : 0
            let tree = try data.withUnsafeBytes { bytes throws(JSONParseError) in
                do throws(JSONParseError) {
                    return try JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[start...]))
                } catch {
                    throw error.offset(by: start)  // the file's offset, the mark counted
                }
            }
            guard case .object = tree else { return problem("", "is not a JSON object") }
            let fields = try ManifestFields(tree)
            if let unknown = fields.names.sorted().first(where: { !LookManifest.fields.contains($0) }) {
                return problem(
                    unknown,
                    "is not a manifest field; known fields: \(LookManifest.fields.sorted().joined(separator: ", "))")
            }
            manifest = try LookManifest(fields)
        } catch let error as JSONParseError {
            return problem("", "is not valid JSON (\(error))")
        } catch let error as ManifestFieldError {
            return problem(error.field, error.reason)
        } catch {
            return problem("", "\(error)")
        }
        if let (field, reason) = manifest.firstRangeProblem() { return problem(field, reason) }
        let directory = (file as NSString).deletingLastPathComponent
        if let (field, reason) = manifest.fontFileProblem(relativeTo: directory) { return problem(field, reason) }
        return .success(ManifestLook(manifest, file: file))
    }
}

extension LookRegistry {
    /// These looks (call it on the built-in registry) plus the manifests in `directory`.
    ///
    /// A manifest never shadows a look of this registry unless it sets `replacesBuiltIn`; two
    /// manifests never share a name. When a manifest is broken and `previous` had a good look
    /// from the same file, that look stays: a bad edit never replaces a good look.
    public func addingManifests(from directory: String, keepingFrom previous: LookRegistry? = nil)
        -> (registry: LookRegistry, problems: [ManifestProblem])
    {
        let (loaded, loadProblems) = ManifestLoader.load(directory: directory)
        let previousManifests = (previous?.all ?? []).compactMap { $0 as? ManifestLook }
        func previousLook(from file: String) -> ManifestLook? { previousManifests.first { $0.file == file } }
        var problems: [ManifestProblem] = []
        var candidates: [ManifestLook] = []
        for problem in loadProblems {
            problems.append(problem)
            if let good = previousLook(from: problem.file) { candidates.append(good) }
        }
        var accepted: [any BackButtonLook] = []
        var manifestNames: Set<String> = []
        /// Why `look` cannot join the looks accepted so far, or nil when it can.
        func conflict(_ look: ManifestLook) -> ManifestProblem? {
            if names.contains(look.name), !look.replacesBuiltIn {
                return ManifestProblem(
                    file: look.file, field: "name",
                    reason: "\"\(look.name)\" is a built-in look; set \"replacesBuiltIn\": true to replace it")
            }
            if manifestNames.contains(look.name) {
                return ManifestProblem(
                    file: look.file, field: "name", reason: "another manifest already defines \"\(look.name)\"")
            }
            return nil
        }
        // Looks that kept their file's previous name claim it before renamed ones, so that a
        // rename onto another manifest's name is the renamed file's problem, not the other's.
        let renamed = { (look: ManifestLook) in previousLook(from: look.file).map { $0.name != look.name } ?? false }
        for look in candidates + loaded.filter({ !renamed($0) }) + loaded.filter(renamed) {
            var chosen: ManifestLook? = look
            if let problem = conflict(look) {
                problems.append(problem)
                // As for any broken manifest, the file's previous good look stays, if it still fits.
                chosen = previousLook(from: look.file).flatMap { conflict($0) == nil ? $0 : nil }
            }
            if let chosen {
                manifestNames.insert(chosen.name)
                accepted.append(chosen)
            }
        }
        return (LookRegistry(all + accepted), problems)
    }
}
