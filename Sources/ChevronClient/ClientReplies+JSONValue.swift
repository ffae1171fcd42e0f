import ChevronJSON
import ChevronVarlink

extension ChevronClient {
    /// Reads a reply with the generated type `T`, leniently (fields a newer daemon adds are
    /// ignored); a missing or mistyped field is a protocol violation naming it.
    static func read<T: WireStruct>(_ reply: JSONValue, as type: T.Type, method: String) throws(ChevronClientError) -> T
    {
        do {
            return try T(tree: reply, path: "", strict: false)
        } catch {
            throw invalidReply(method, field: error.parameters["parameter"].flatMap(\.stringValue) ?? "?")
        }
    }

    /// A reply whose `field` is missing or not of its type.
    static func invalidReply(_ method: String, field: String) -> ChevronClientError {
        ChevronClientError(
            .protocolViolation, message: "\(method)'s reply has no valid \"\(field.isEmpty ? "parameters" : field)\"")
    }
}
