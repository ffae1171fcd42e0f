import ChevronVarlink

/// Chevron's interface descriptions, kept as `.varlink` files in `Interfaces/` and embedded in
/// the binary by SwiftPM, so the daemon serves the files verbatim.
public enum ChevronInterfaces {
    /// io.chevron.Text, io.chevron.BackButton and io.chevron.Service.
    public static let all: [VarlinkInterface] = [
        PackageResources.io_chevron_Text_varlink,
        PackageResources.io_chevron_BackButton_varlink,
        PackageResources.io_chevron_Service_varlink,
    ].map { bytes in
        guard let interface = try? VarlinkInterface(utf8: bytes) else {
            preconditionFailure("an embedded interface description has no interface line")
        }
        return interface
    }
}
