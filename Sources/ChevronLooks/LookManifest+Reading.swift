import ChevronJSON

/// A manifest read from its JSON tree: the members in the order they are declared, so that the
/// first problem reported is that of the first field (in that order) missing or not of its type.
extension LookManifest {
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        typealias Read = ManifestFields
        name = try fields.required("name", Read.string)
        description = try fields.optional("description", Read.string)
        replacesBuiltIn = try fields.optional("replacesBuiltIn", Read.bool)
        font = try Font(fields.required("font", Read.object))
        tracking = try fields.optional("tracking", Read.number)
        height = try fields.required("height", Read.number)
        art = try Art(fields.required("art", Read.object))
        titleInsets = try Insets(fields.required("titleInsets", Read.object))
        alignment = try fields.optional("alignment", Read.choice)
        titleTop = try fields.optional("titleTop", Read.number)
        padding = try fields.required("padding", Read.number)
        maximumWidth = try fields.required("maximumWidth", Read.number)
        overflow = try fields.required("overflow", Read.choice)
        colors = try fields.optional("colors", Read.object).map { (colors) throws(ManifestFieldError) in
            try LookColors(colors)
        }
    }
}

extension LookManifest.Font {
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        pattern = try fields.optional("pattern", ManifestFields.string)
        file = try fields.optional("file", ManifestFields.string)
        index = try fields.optional("index", ManifestFields.wholeNumber)
        size = try fields.required("size", ManifestFields.number)
        features = try fields.optional("features", ManifestFields.strings)
    }
}

extension LookManifest.Art {
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        typealias Read = ManifestFields
        width = try fields.required("width", Read.number)
        leftCap = try fields.required("leftCap", Read.number)
        pointDepth = try fields.optional("pointDepth", Read.number)
        cornerRadius = try fields.optional("cornerRadius", Read.number)
        fill = try fields.optional("fill", Read.object).map { (fill) throws(ManifestFieldError) in
            try LookManifest.Gradient(fill)
        }
        border = try fields.optional("border", Read.string)
        highlight = try fields.optional("highlight", Read.string)
        bar = try fields.optional("bar", Read.object).map { (bar) throws(ManifestFieldError) in
            try LookManifest.Gradient(bar)
        }
    }
}

extension LookManifest.Gradient {
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        top = try fields.required("top", ManifestFields.string)
        bottom = try fields.required("bottom", ManifestFields.string)
    }
}

extension LookManifest.Insets {
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        left = try fields.required("left", ManifestFields.number)
        right = try fields.required("right", ManifestFields.number)
    }
}

extension LookColors {
    /// A manifest's `colors`.
    init(_ fields: ManifestFields) throws(ManifestFieldError) {
        let text = try fields.required("text", ManifestFields.string)
        let shadow = try fields.optional("shadow", ManifestFields.string)
        let offset = try fields.optional("shadowOffset", ManifestFields.object).map {
            (offset) throws(ManifestFieldError) in
            ShadowOffset(
                x: try offset.required("x", ManifestFields.number), y: try offset.required("y", ManifestFields.number))
        }
        let tint = try fields.optional("tint", ManifestFields.string)
        self.init(text: text, shadow: shadow, shadowOffset: offset, tint: tint)
    }
}
