/// RFC 4648 base64 with padding: how bytes travel in Varlink, whose types have no bytes.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base64 text.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let group =
                UInt32(bytes[index]) << 16 | (count > 1 ? UInt32(bytes[index + 1]) << 8 : 0)
                | (count > 2 ? UInt32(bytes[index + 2]) : 0)
            for position in 0..<4 {
                output.append(
                    position <= count ? alphabet[Int(group >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base64 `text`, or nil when it is not padded base64 of the standard alphabet.
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        for start in stride(from: 0, to: characters.count, by: 4) {
            var group: UInt32 = 0
            var padding = 0
            for character in characters[start..<start + 4] {
                let value: UInt8
                switch character {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "=") where start + 4 == characters.count: value = 0
                default: return nil
                }
                if character == UInt8(ascii: "=") {
                    padding += 1
                } else if padding > 0 {
                    return nil  // data after padding
                }
                group = group << 6 | UInt32(value)
            }
            guard padding <= 2 else { return nil }
            let bytes = [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
            output.append(contentsOf: bytes[0..<3 - padding])
        }
        return output
    }
}
