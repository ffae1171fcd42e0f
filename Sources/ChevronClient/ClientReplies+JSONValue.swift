import ChevronVarlink

extension ChevronClient {
    /// Reads a reply with the generated type `T`, leniently (fields a newer daemon adds are
    /// ignored); a missing or mistyped field is a protocol violation naming it.
    static func read<T: WireStruct>(_ reply: JSONValue, as type: T.Type, method: String) throws(ChevronClientError) -> T
    {
        do {
            return try T(tree: reply, path: "", strict: false)
        } catch {
            let field = error.parameters["parameter"].flatMap(\.stringValue) ?? "?"
            throw ChevronClientError(.protocolViolation, message: "\(method)'s reply has no valid \"\(field)\"")
        }
    }
}
