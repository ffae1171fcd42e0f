import ChevronLooks
import ChevronRender
import ChevronText
import ChevronVarlink
import ChevronWire

/// How the engines' errors reach a Varlink caller: an error of the interface that owns the
/// concept, naming the parameter as the wire spells it, with the message and limit.
extension ChevronService {
    /// Runs `body`, turning a `TextError` into a Varlink error. Font fields are named under
    /// `fontPrefix` (`font.size`), as they sit in a Text call.
    func mappingErrors<T>(fontPrefix: String?, _ body: () throws(TextError) -> T) throws(VarlinkError) -> T {
        do {
            return try body()
        } catch {
            throw Self.varlinkError(error, fontPrefix: fontPrefix)
        }
    }

    /// Runs a sizing step for the look called `look`, mapping `LookError` and `TextError`.
    func mappingLookErrors<T>(look: String, _ body: () throws -> T) throws(VarlinkError) -> T {
        do {
            return try body()
        } catch let error as LookError {
            throw varlinkError(error, look: look)
        } catch let error as TextError {
            throw Self.varlinkError(error, fontPrefix: nil)
        } catch let error as RenderError {
            throw Self.varlinkError(error)
        } catch let error as VarlinkError {
            throw error
        } catch {
            // The engines throw only the errors above; anything else is a defect of ours.
            throw VarlinkError(ServiceInterface.InternalError.name, parameters: ["message": .string("\(error)")])
        }
    }

    /// What a message that is not a call gets: invalid JSON or UTF-8, too deep, wrong members.
    public static func invalidMessage(_ reason: String) -> VarlinkError {
        VarlinkError(ServiceInterface.InvalidMessage.name, parameters: ["reason": .string(reason)])
    }

    /// What a message over the size limit gets; its bytes up to the next NUL are dropped.
    public static func messageTooLong(limit: Int) -> VarlinkError {
        VarlinkError(ServiceInterface.MessageTooLong.name, parameters: ["limit": .int(limit)])
    }

    static let fontFields: Set<String> = ["size", "pattern", "family", "weight", "language", "features"]

    static func varlinkError(_ error: TextError, fontPrefix: String?) -> VarlinkError {
        var parameter = error.parameter
        if let fontPrefix, fontFields.contains(parameter) { parameter = "\(fontPrefix).\(parameter)" }
        let common: [(key: String, value: JSONValue)] = [
            (key: "parameter", value: .string(parameter)), (key: "message", value: .string(error.message)),
        ]
        switch error.code {
        case .textTooLong:
            return VarlinkError(
                TextInterface.TextTooLong.name,
                parameters: .object(common + [(key: "limit", value: .int(error.limit ?? 0))]))
        case .fontNotFound: return VarlinkError(TextInterface.FontNotFound.name, parameters: .object(common))
        case .fontFileMissing, .fontFileCorrupt:
            return VarlinkError(TextInterface.FontUnusable.name, parameters: .object(common))
        default: return VarlinkError(TextInterface.InvalidValue.name, parameters: .object(common))
        }
    }

    static func varlinkError(_ error: RenderError) -> VarlinkError {
        switch error.code {
        case .imageTooLarge:
            return VarlinkError(
                BackButtonInterface.ImageTooLarge.name,
                parameters: [
                    "parameter": .string(error.parameter), "message": .string(error.message),
                    "pixels": .int(error.pixels ?? 0), "limit": .int(error.limit ?? 0),
                ])
        case .fontUnusable:
            return VarlinkError(
                TextInterface.FontUnusable.name,
                parameters: ["parameter": .string(error.parameter), "message": .string(error.message)])
        case .cairo, .invalidColor, .invalidInput:
            return VarlinkError(
                ServiceInterface.InternalError.name, parameters: ["message": .string(error.description)])
        }
    }

    func varlinkError(_ error: LookError, look: String) -> VarlinkError {
        let common: JSONValue = ["parameter": .string(error.parameter), "message": .string(error.message)]
        switch error.code {
        case .unknownLook:
            return VarlinkError(
                BackButtonInterface.UnknownLook.name,
                parameters: ["look": .string(look), "known": .array(registry.names.map(JSONValue.string))])
        case .notAnimated:
            let animated = registry.all.filter { $0 is any AnimatedLook }.map { JSONValue.string($0.name) }
            return VarlinkError(
                BackButtonInterface.NotAnimated.name,
                parameters: ["look": .string(look), "animated": .array(animated)])
        case .missingTitle: return VarlinkError(BackButtonInterface.MissingTitle.name, parameters: common)
        case .stackTooShort: return VarlinkError(BackButtonInterface.StackTooShort.name, parameters: common)
        case .widthTooSmall: return VarlinkError(BackButtonInterface.WidthTooSmall.name, parameters: common)
        default: return VarlinkError(BackButtonInterface.OutOfRange.name, parameters: common)
        }
    }
}
