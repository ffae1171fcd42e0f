import ChevronSupport

/// `--format html`: the page of the titles with their buttons drawn (`CheckHTML`), into a folder
/// (`index.html` and `buttons/`), or with `selfContained` one page.
public enum HTMLReport: ReportWriter {
    public static let format = CheckOutputFormat.html

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        var options = context.html
        options.version = context.version
        options.fingerprint = try await context.fingerprint().fingerprint
        options.bars = try await CheckHTML.describeBars(context.run.slots, client: context.clients[0])
        let renderers: [CheckHTMLPictures.Renderer] = context.clients.map { client in
            { request in try await client.render(request) }
        }
        // A folder is opened first and takes each picture as it is drawn: `--html-pictures all`
        // holds the pictures in flight, not every one (20,000 were 1.2–1.6 GB held at once).
        var folder: CheckHTML.Folder?
        if case .path(let path) = output.destination, !options.selfContained { folder = try CheckHTML.Folder(path) }
        let report = try await CheckHTML.make(
            context.run, plan: context.plan, options: options, renderers: renderers, folder: folder)
        switch output.destination {
        case .standardOutput:
            output.write(report.page)
        case .path(let path) where options.selfContained:
            try ReportFile.write(report.page.utf8, to: path)
        case .path(let path):
            try folder?.finish(report)
            let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            output.notes.append(
                "chevron: wrote \(folder.escapingControls)/index.html: \(report.listedTitles.counted("title")), "
                    + "\(report.listedRows.counted("button")), \(report.pictures.count.counted("picture"))"
                    + (report.undrawn > 0 ? " (\(report.undrawn) buttons not drawn: --html-pictures)" : ""))
        }
    }

}
