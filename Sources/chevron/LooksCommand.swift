import ArgumentParser
import ChevronBuiltInLooks
import ChevronLooks
import Foundation

/// `chevron looks`: the looks and their numbers.
struct LooksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "looks", abstract: "List the looks with their numbers and where each came from.")

    @Option(name: .long, help: "A folder of look manifests (*.json) to add to the built-in looks.")
    var looksDir: String?

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let looks = LookRegistry.withManifests(looksDir).all.map(LookJSON.init)
        if json {
            try Output.printJSON(looks)
            return
        }
        for look in looks {
            print(
                "\(look.name.padding(11))\(Output.points(look.height)) pt high, min \(Output.points(look.minimumWidth)), "
                    + "max \(Output.points(look.maximumWidth)), \(look.overflow)  \(look.summary)")
        }
    }
}

/// One look as `chevron looks --json` shows it.
struct LookJSON: Encodable {
    let name: String
    let summary: String
    let font: String
    let fontSize: Double
    let features: [String]
    let tracking: Double
    let height: Double
    let artWidth: Double
    let capInsets: HorizontalInsets
    let titleInsets: HorizontalInsets
    let padding: Double
    let minimumWidth: Double
    let maximumWidth: Double
    let overflow: String
    let colors: LookColors
    let sources: [String: String]

    init(_ look: any BackButtonLook) {
        let metrics = look.metrics
        name = look.name
        summary = look.summary
        font = metrics.font.face.description
        fontSize = metrics.font.size
        features = metrics.font.features
        tracking = metrics.tracking
        height = metrics.height
        artWidth = metrics.artWidth
        capInsets = HorizontalInsets(left: metrics.leftCap, right: metrics.rightCap)
        titleInsets = metrics.titleInsets
        padding = metrics.padding
        minimumWidth = metrics.minimumWidth
        maximumWidth = metrics.maximumWidth
        overflow = metrics.overflow.rawValue
        colors = metrics.colors
        sources = look.sources
    }
}

extension LookRegistry {
    /// The built-in looks plus the manifests in `directory`, each manifest problem reported on
    /// standard error as FILE: FIELD: REASON (a broken manifest never stops the command).
    static func withManifests(_ directory: String?) -> LookRegistry {
        guard let directory else { return .builtIn }
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        for problem in problems {
            FileHandle.standardError.write(Data("chevron: manifest \(problem)\n".utf8))
        }
        return registry
    }
}
