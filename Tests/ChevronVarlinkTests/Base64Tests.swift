import ChevronVarlink
import Foundation
import Testing

/// Base64 against Foundation's encoder and decoder.
struct Base64Tests {
    @Test func encodingAgreesWithFoundationForEveryLengthUpToAHundred() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64.encode(bytes)
            #expect(encoded == Data(bytes).base64EncodedString(), "length \(length)")
            #expect(Base64.decode(encoded) == bytes, "length \(length)")
        }
    }

    @Test func malformedTextIsRefused() {
        for text in ["abc", "a===", "ab!d", "=abc", "ab==cd==", "abc\n"] {
            #expect(Base64.decode(text) == nil, "\(text)")
            #expect(Data(base64Encoded: text) == nil, "Foundation agrees about \(text)")
        }
        // RFC 4648 section 3.3: padding only ends the data. (swift-corelibs-foundation accepts it.)
        #expect(Base64.decode("ab=c") == nil)
    }
}
