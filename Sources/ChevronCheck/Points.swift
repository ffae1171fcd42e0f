import Foundation

/// Numbers and column widths as the reports print them.
public enum Points {
    /// Formats points with up to three decimals, without trailing zeros: what `%.3f` writes,
    /// trimmed. A check prints this for every row, so the common case (a width whose thousandths
    /// are exact in binary, as FreeType's 26.6 units are) is done in integers; the rest goes
    /// through printf.
    public static func text(_ value: Double) -> String {
        let scaled = value * 1000
        var text: String
        // The product is exact when the fused value × 1000 − product is zero; then rounding it
        // half to even is what printf does with the exact decimal value.
        if value.isFinite, abs(scaled) < 0x1p52, (-scaled).addingProduct(value, 1000) == 0 {
            let thousandths = Int(abs(scaled).rounded(.toNearestOrEven))
            text = (value.sign == .minus ? "-" : "") + String(thousandths / 1000)
            var fraction = thousandths % 1000
            if fraction != 0 {
                var places = 3
                while fraction % 10 == 0 {
                    fraction /= 10
                    places -= 1
                }
                let digits = String(fraction)
                text += "." + String(repeating: "0", count: places - digits.count) + digits
            }
            return text
        }
        text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` as the reports print it, as a number: a difference of two widths written in JSON
    /// reads as the text report's `18.028`, not as `18.02799999999999`.
    public static func rounded(_ value: Double) -> Double { Double(text(value)) ?? value }
}
