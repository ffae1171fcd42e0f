@testable import ChevronVarlink
import Testing

/// Which method names a call may carry: `reverse.domain.Interface.Method`, as the Varlink
/// specification's interface and method names, read byte by byte once per call.
struct MethodNameTests {
    @Test(arguments: [
        "io.chevron.BackButton.Size", "org.varlink.service.GetInfo", "a.b.M", "x-y.z-1.Method2",
        "io.chevron9.Text.MeasureText",
        String(repeating: "a", count: 250) + ".b.Cd",  // 250 + 5 = 255 bytes
    ])
    func qualifiedNamesAreTaken(name: String) {
        #expect(VarlinkCall.isQualifiedMethodName(name))
    }

    @Test(arguments: [
        "", "Size", "io.Size",  // fewer than two dots
        "io.chevron.size",  // the method starts with a small letter
        "io.chevron.1Size",  // … or a digit
        "io.chevron.Si-ze",  // a hyphen in the method
        "io.chevron.",  // no method
        "io.chevron.Back Button.Size", "io.chevron.BackButton.Size\u{0}", "io.chévron.Text.Measure",  // not ASCII letters, digits, hyphens, dots
        "io_chevron.Text.Measure",
        String(repeating: "a", count: 251) + ".b.Cd",  // 251 + 5 = 256 bytes
    ])
    func otherNamesAreRefused(name: String) {
        #expect(!VarlinkCall.isQualifiedMethodName(name))
    }
}
