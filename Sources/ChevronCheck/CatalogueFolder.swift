import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The catalogues under a folder given to `chevron check`, and the catalogue set each file
/// belongs to.
///
/// A folder is walked in byte order of its names, so a run lists its files the same way on
/// every machine. It takes `*.lproj/*.strings`, `*.stringsdict`, `*.xcstrings`, `*.xliff`,
/// `*.xlf`, `*.xcloc` bundles (read whole, not walked), `values*/strings.xml`, `*.arb` and `*.po`;
/// it skips hidden folders, `build`, `DerivedData` and `node_modules`, and follows no symbolic
/// link: a linked file is taken when its real path is under the folder, a linked folder never
/// (that keeps a walk out of loops and out of the rest of the machine).
public enum CatalogueFolder {
    /// The folders a walk never enters, besides hidden ones (`.git`).
    static let skipped: Set<String> = ["build", "DerivedData", "node_modules"]

    /// `paths` with each folder (other than an `.xcloc` bundle) replaced by the catalogues
    /// under it. A folder that holds none, or that cannot be listed, stays as it is, for the
    /// reading to report.
    public static func expanding(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            guard isFolder(path), !isBundle(path) else {
                files.append(path)
                continue
            }
            let found = catalogues(under: path)
            files += found.isEmpty ? [path] : found
        }
        return files
    }

    /// The catalogues under `folder`, in walk order.
    static func catalogues(under folder: String) -> [String] {
        guard let root = TitleFile.realPath(folder) else { return [] }
        var found: [String] = []
        walk(folder, root: root, into: &found)
        return found
    }

    private static func walk(_ folder: String, root: String, into found: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if isBundle(path) {
                    found.append(path)
                } else if !name.hasPrefix("."), !skipped.contains(name) {
                    walk(path, root: root, into: &found)
                }
            case S_IFREG:
                if isCatalogue(path) { found.append(path) }
            case S_IFLNK:
                // A link to a file inside the folder; never a folder, never out of it.
                guard isCatalogue(path), let real = TitleFile.realPath(path), TitleFile.isPath(real, under: root),
                    !isFolder(real)
                else { continue }
                found.append(path)
            default:
                continue  // FIFOs, sockets and devices are never catalogues
            }
        }
    }

    /// Whether `path` names a catalogue by its name and its folder's.
    static func isCatalogue(_ path: String) -> Bool {
        let (_, folder, name) = parts(of: path)
        switch fileExtension(name) {
        case "strings": return folder.hasSuffix(".lproj")
        case "stringsdict", "xcstrings", "xliff", "xlf", "arb", "po": return true
        case "xml": return name == "strings.xml" && (folder == "values" || folder.hasPrefix("values-"))
        default: return false
        }
    }

    /// A path's folders above its file's folder, that folder's name and the file's name, split
    /// at slashes (Foundation's path functions trap on some paths on Linux, `-` among them).
    static func parts(of path: String) -> (above: String, folder: String, name: String) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = components.popLast() ?? ""
        let folder = components.popLast() ?? ""
        return (components.joined(separator: "/"), folder, name)
    }

    /// The lowercased extension of a file's name, empty for none.
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    static func isBundle(_ path: String) -> Bool {
        path.hasSuffix(".xcloc") || path.hasSuffix(".xcloc/")
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The catalogue set of the file `path`: the files that hold one table's strings in their
    /// languages, so that a comment written once in the source language selects the key in every
    /// translation (`--titles-comment`). Apple tables are one set per table name across the
    /// `.lproj` folders beside one another (`Localizable.strings` with `Localizable.stringsdict`);
    /// Android's per file name across the `values*` folders of one `res`; every other format
    /// (XLIFF, `.xcstrings`, ARB, PO, CSV, lines) names a key the same in every file of a check,
    /// so its set is the format's files of the run.
    static func set(ofFile path: String) -> String {
        let (above, folder, name) = parts(of: path)
        let pathExtension = fileExtension(name)
        if folder.hasSuffix(".lproj"), pathExtension == "strings" || pathExtension == "stringsdict" {
            return "apple\u{0}\(above)\u{0}\(name.dropLast(pathExtension.count + 1))"
        }
        if folder == "values" || folder.hasPrefix("values-") {
            return "android\u{0}\(above)\u{0}\(name)"
        }
        return pathExtension == "xlf" ? "xliff" : pathExtension
    }
}
