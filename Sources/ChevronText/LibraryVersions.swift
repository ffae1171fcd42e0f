import CFontconfig
import CFreeType
import CFriBidi
import CHarfBuzz

/// The versions of the C libraries the text core runs on, as each reports itself at run time:
/// two hosts with different versions may measure differently.
public enum LibraryVersions {
    /// `fontconfig`, `freetype`, `harfbuzz` and `fribidi`, each with its version string.
    public static var textLibraries: [String: String] {
        let fontconfig = Int(FcGetVersion())
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        FreeTypeLibrary.shared.version(&major, &minor, &patch)
        let fribidi = chevron_fribidi_version().map { String(cString: $0) } ?? ""
        return [
            "fontconfig": "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
            "freetype": "\(major).\(minor).\(patch)",
            "harfbuzz": String(cString: hb_version_string()),
            // "(GNU FriBidi) 1.0.8\ninterface version 4, …": the version is the first line's last word.
            "fribidi": fribidi.split(separator: "\n").first?.split(separator: " ").last.map(String.init) ?? fribidi,
        ]
    }
}
