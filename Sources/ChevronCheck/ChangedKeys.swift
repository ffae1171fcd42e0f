import Foundation

/// The keys whose value, in any language, differs from the catalogues at a git revision
/// (`chevron check --changed-since REF`), so that a pull request's check measures what it
/// changed: each file is read as it is and as `git show REF:PATH` gives it, and a key is changed
/// when one of its titles was added or altered in any file. A file the revision does not have is
/// new, and checked whole.
public struct ChangedKeys: Sendable {
    /// Keys (without their variant: `settings.title` of `settings.title (de, plural one)`) with a
    /// title added or changed since the revision.
    public let keys: Set<String>
    /// Files (normalised paths, as entries name them) that the revision does not have.
    public let newFiles: Set<String>

    /// Whether `entry` is to be checked: its file is new, or its key changed.
    public func admits(_ entry: TitleEntry) -> Bool {
        newFiles.contains(entry.file) || keys.contains(entry.baseKey)
    }

    /// Compares `files` (as the plan names them, read in `format`) with their versions at
    /// `revision`. A version over `limits`' file size is not read (git is asked its size first):
    /// its file is checked whole, as a new one is.
    /// - Throws: `CheckPlan.Problem` when git is missing, the folder is not in a repository, or
    ///   the revision is unknown.
    public init(
        files: [String], since revision: String, format: TitleFormat?, limits: ReadLimits = ReadLimits()
    ) throws(CheckPlan.Problem) {
        let option = "--changed-since \(revision)"
        let commit = try Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], option: option)
        guard commit.status == 0 else {
            throw CheckPlan.Problem(description: "\(option): no such revision in this repository")
        }
        var keys: Set<String> = []
        var newFiles: Set<String> = []
        for file in files {
            // A file that cannot be read now is reported by the check itself.
            guard let current = try? TitleFile.read(file, format: format, limits: limits) else { continue }
            let spec = file.hasPrefix("/") ? try Self.repositoryPath(file, option: option) : "./" + file
            // The blob's size first: a version over the file limit is never read into memory.
            let size = try Git.run(["cat-file", "-s", "\(revision):\(spec)"], option: option)
            let bytes = Int(
                String(decoding: size.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            guard size.status == 0, let bytes, bytes <= limits.fileBytes else {
                newFiles.insert(TitleFile.normalizedPath(file))
                continue
            }
            let old = try Git.run(["show", "\(revision):\(spec)"], option: option)
            guard old.status == 0 else {
                newFiles.insert(TitleFile.normalizedPath(file))
                continue
            }
            let before = (try? TitleFile.entries(in: old.output, path: file, format: format)) ?? []
            var titles: [String: [String]] = [:]
            for entry in before { titles[entry.key, default: []].append(entry.title) }
            var now: [String: [String]] = [:]
            for entry in current { now[entry.key, default: []].append(entry.title) }
            for (key, values) in now where titles[key] != values { keys.insert(TitleEntry.baseKey(key)) }
        }
        self.keys = keys
        self.newFiles = newFiles
    }

    /// An absolute path as git names it in the repository that holds it.
    private static func repositoryPath(_ path: String, option: String) throws(CheckPlan.Problem) -> String {
        let top = try Git.run(["rev-parse", "--show-toplevel"], option: option)
        let root = String(decoding: top.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let real = (path as NSString).resolvingSymlinksInPath
        guard top.status == 0, real.hasPrefix(root + "/") else {
            throw CheckPlan.Problem(description: "\(option): \(path) is not in this repository")
        }
        return String(real.dropFirst(root.count + 1))
    }
}
