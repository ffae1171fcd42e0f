/// One interface a service serves: its description in the Varlink interface language, and the
/// methods that description declares.
public struct VarlinkInterface: Sendable {
    /// The interface's name, from its `interface` line (`io.chevron.Text`).
    public let name: String
    /// The description, served verbatim by `org.varlink.service.GetInterfaceDescription`.
    public let description: String
    /// The method names the description declares (`MeasureText`, …).
    public let methods: Set<String>

    /// Reads the name and method names from a description.
    /// - Throws: `VarlinkMessageError` when it has no `interface` line.
    public init(description: String) throws(VarlinkMessageError) {
        var name: String?
        var methods: Set<String> = []
        for line in description.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
            guard words.count >= 2 else { continue }
            if words[0] == "interface" { name = String(words[1]) }
            if words[0] == "method" { methods.insert(String(words[1])) }
        }
        guard let name else { throw VarlinkMessageError("an interface description without an interface line") }
        self.name = name
        self.description = description
        self.methods = methods
    }

    /// Reads a description embedded as UTF-8 bytes (SwiftPM's `embedInCode` resources).
    public init(utf8 bytes: [UInt8]) throws(VarlinkMessageError) {
        try self.init(description: String(decoding: bytes, as: UTF8.self))
    }

    /// `org.varlink.service`, which every service answers.
    public static let service: VarlinkInterface = {
        guard let interface = try? VarlinkInterface(utf8: PackageResources.org_varlink_service_varlink) else {
            preconditionFailure("the embedded org.varlink.service description has an interface line")
        }
        return interface
    }()
}
