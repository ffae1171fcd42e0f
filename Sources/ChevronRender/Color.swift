/// A colour with straight (not premultiplied) alpha, channels in 0…1.
struct Color: Sendable, Hashable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    /// - Throws: `RenderError.invalidColor` naming `parameter`.
    init(hex: String, parameter: String) throws(RenderError) {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6 || digits.count == 8 else {
            throw RenderError(.invalidColor, parameter: parameter, "\"\(hex)\" is not a #RRGGBB or #RRGGBBAA colour")
        }
        var channels: [Double] = []
        for start in stride(from: 0, to: digits.count, by: 2) {
            guard let value = UInt8(String(decoding: digits[start..<start + 2], as: UTF8.self), radix: 16) else {
                throw RenderError(
                    .invalidColor, parameter: parameter, "\"\(hex)\" is not a #RRGGBB or #RRGGBBAA colour")
            }
            channels.append(Double(value) / 255)
        }
        red = channels[0]
        green = channels[1]
        blue = channels[2]
        alpha = channels.count == 4 ? channels[3] : 1
    }

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
