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
            throw VarlinkError(ServiceInterface.InternalError.self, .init(message: "\(error)"))
        }
    }

    /// What a message that is not a call gets: invalid JSON or UTF-8, too deep, wrong members.
    public static func invalidMessage(_ reason: String) -> VarlinkError {
        VarlinkError(ServiceInterface.InvalidMessage.self, .init(reason: reason))
    }

    /// What a message over the size limit gets; its bytes up to the next NUL are dropped.
    public static func messageTooLong(limit: Int) -> VarlinkError {
        VarlinkError(ServiceInterface.MessageTooLong.self, .init(limit: limit))
    }

    static let fontFields: Set<String> = ["size", "pattern", "family", "weight", "language", "features"]

    static func varlinkError(_ error: TextError, fontPrefix: String?) -> VarlinkError {
        var parameter = error.parameter
        if let fontPrefix, fontFields.contains(parameter) { parameter = "\(fontPrefix).\(parameter)" }
        let message = error.message
        switch error.code {
        case .textTooLong:
            return VarlinkError(
                TextInterface.TextTooLong.self, .init(parameter: parameter, message: message, limit: error.limit ?? 0))
        case .fontNotFound:
            return VarlinkError(TextInterface.FontNotFound.self, .init(parameter: parameter, message: message))
        case .fontFileMissing, .fontFileCorrupt:
            return VarlinkError(TextInterface.FontUnusable.self, .init(parameter: parameter, message: message))
        default: return VarlinkError(TextInterface.InvalidValue.self, .init(parameter: parameter, message: message))
        }
    }

    static func varlinkError(_ error: RenderError) -> VarlinkError {
        switch error.code {
        case .imageTooLarge:
            return VarlinkError(
                BackButtonInterface.ImageTooLarge.self,
                .init(
                    parameter: error.parameter, message: error.message, pixels: error.pixels ?? 0,
                    limit: error.limit ?? 0))
        case .fontUnusable:
            return VarlinkError(
                TextInterface.FontUnusable.self, .init(parameter: error.parameter, message: error.message))
        case .cairo, .invalidColor, .invalidInput:
            return VarlinkError(ServiceInterface.InternalError.self, .init(message: error.description))
        }
    }

    func varlinkError(_ error: LookError, look: String) -> VarlinkError {
        let (parameter, message) = (error.parameter, error.message)
        switch error.code {
        case .unknownLook:
            return VarlinkError(BackButtonInterface.UnknownLook.self, .init(look: look, known: registry.names))
        case .notAnimated:
            let animated = registry.all.filter { $0 is any AnimatedLook }.map(\.name)
            return VarlinkError(BackButtonInterface.NotAnimated.self, .init(look: look, animated: animated))
        case .unknownDevice:
            return VarlinkError(
                BackButtonInterface.UnknownDevice.self,
                .init(device: error.value ?? "", known: Device.builtIn.map(\.name)))
        case .conflictingFields:
            return VarlinkError(
                BackButtonInterface.ConflictingFields.self, .init(parameter: parameter, message: message))
        case .missingTitle:
            return VarlinkError(BackButtonInterface.MissingTitle.self, .init(parameter: parameter, message: message))
        case .stackTooShort:
            return VarlinkError(BackButtonInterface.StackTooShort.self, .init(parameter: parameter, message: message))
        case .widthTooSmall:
            return VarlinkError(BackButtonInterface.WidthTooSmall.self, .init(parameter: parameter, message: message))
        default: return VarlinkError(BackButtonInterface.OutOfRange.self, .init(parameter: parameter, message: message))
        }
    }
}
