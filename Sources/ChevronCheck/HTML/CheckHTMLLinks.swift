import Foundation

/// `--link-template`: a title's file and line as a link, for the HTML report
/// (`https://example.com/app/blob/{commit}/{path}#L{line}`). `{commit}` is the commit checked
/// out (`git rev-parse HEAD`, asked only when the template has it), `{path}` the file's path
/// from the top of its git repository (as given, outside one), percent-encoded, and `{line}`
/// the line.
public struct CheckLinkTemplate: Sendable {
    public let template: String
    /// `git rev-parse HEAD`, when the template has `{commit}`.
    public private(set) var commit: String?
    /// The repository's top folder, when the template has `{path}` and the current folder is in
    /// a repository.
    private var top: String?

    /// The placeholders a template may hold.
    public static let placeholders = ["{commit}", "{path}", "{line}"]

    /// Reads a template; asks git for what it needs.
    /// - Throws: `CheckPlan.Problem` for a template that is not an http, https or file URL, one
    ///   with a placeholder other than `placeholders`, or `{commit}` outside a git repository.
    public init(_ template: String) throws(CheckPlan.Problem) {
        self.template = template
        let lowered = template.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("file:") else {
            throw CheckPlan.Problem(
                description: "--link-template \(template): give an https://, http:// or file: URL")
        }
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let placeholder = String(rest[open...close])
            guard Self.placeholders.contains(placeholder) else {
                throw CheckPlan.Problem(
                    description:
                        "--link-template \(template): \(placeholder) is not a placeholder; "
                        + "the placeholders are \(Self.placeholders.joined(separator: ", "))")
            }
            rest = rest[rest.index(after: close)...]
        }
        if template.contains("{commit}") {
            let answer = try Git.run(["rev-parse", "HEAD"], option: "--link-template", inRepository: false)
            let (output, status) = (answer.firstLine, answer.status)
            guard status == 0, !output.isEmpty else {
                throw CheckPlan.Problem(
                    description: "--link-template: {commit} needs a git repository with a commit (git rev-parse HEAD)")
            }
            commit = output
        }
        if template.contains("{path}") {
            let answer = try Git.run(["rev-parse", "--show-toplevel"], option: "--link-template", inRepository: false)
            let (output, status) = (answer.firstLine, answer.status)
            if status == 0, !output.isEmpty { top = (output as NSString).resolvingSymlinksInPath }
        }
    }

    /// The link to `line` of `file`: the template with its placeholders filled, in one pass (a
    /// path holding `{line}` stays as it is).
    public func url(file: String, line: Int) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[open...]
            if after.hasPrefix("{commit}") {
                result += HTMLText.percentEncoded(commit ?? "")
                rest = after.dropFirst(8)
            } else if after.hasPrefix("{path}") {
                result += HTMLText.percentEncoded(repositoryPath(file), keepingSlashes: true)
                rest = after.dropFirst(6)
            } else if after.hasPrefix("{line}") {
                result += String(line)
                rest = after.dropFirst(6)
            } else {
                result += "{"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }

    /// `file`'s path from the top of the repository, when it is in it; else as given, without a
    /// leading `./`.
    func repositoryPath(_ file: String) -> String {
        var given = file
        while given.hasPrefix("./") { given.removeFirst(2) }
        guard let top, file != "-" else { return given }
        let absolute =
            file.hasPrefix("/")
            ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        let real = ((absolute as NSString).standardizingPath as NSString).resolvingSymlinksInPath
        guard real.hasPrefix(top + "/") else { return given }
        return String(real.dropFirst(top.count + 1))
    }
}
