import ChevronJSON
import ChevronVarlink

extension BackButtonInterface.Render {
    /// Render's reply with the PNG as its bytes: what the service answers and a client takes.
    /// Its text is `Reply`'s, where the PNG is base64: written only when the reply goes to a
    /// socket, and decoded by the client that reads it there. A client in the service's own
    /// process takes the bytes as they are.
    public struct Picture: WireStruct {
        /// The PNG file's bytes.
        public var png: [UInt8]
        /// The picture's width in pixels.
        public var pixelWidth: Int
        /// The picture's height in pixels.
        public var pixelHeight: Int
        /// The layout drawn.
        public var layout: BackButtonInterface.Layout

        public init(png: [UInt8], pixelWidth: Int, pixelHeight: Int, layout: BackButtonInterface.Layout) {
            self.png = png
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.layout = layout
        }

        /// Reads `Reply`'s text; a `png` that is not base64 is the error of field `png`.
        public init(reading reader: inout JSONReader, strict: Bool) throws(WireReadError) {
            let reply = try Reply(reading: &reader, strict: strict)
            guard let png = Base64.decode(reply.png) else { throw WireReadError.invalid("png") }
            self.init(png: png, pixelWidth: reply.pixelWidth, pixelHeight: reply.pixelHeight, layout: reply.layout)
        }

        /// Writes `Reply`'s text, the PNG as base64.
        public func write(into bytes: inout JSONBufferWriter) {
            Reply(png: Base64.encode(png), pixelWidth: pixelWidth, pixelHeight: pixelHeight, layout: layout)
                .write(into: &bytes)
        }

        public var isWireExact: Bool {
            Wire.isExact(integer: pixelWidth) && Wire.isExact(integer: pixelHeight) && layout.isWireExact
        }
    }
}
