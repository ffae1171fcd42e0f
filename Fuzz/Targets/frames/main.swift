import ChevronFuzzing

#if canImport(Glibc)
    import Glibc
#endif

// The `frames` fuzz target: libFuzzer calls `LLVMFuzzerTestOneInput` with each input, which hands
// it to `FuzzEntries.frames`. SwiftPM gives an executable its own `main`, so this one starts
// libFuzzer's driver (`LLVMFuzzerRunDriver`) with the command line.

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntries.frames(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
