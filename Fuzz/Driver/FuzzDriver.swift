#if canImport(Glibc)
    import Glibc
#endif

/// The entry point of the fuzz target running in this process; set once by `runFuzzer` before
/// libFuzzer starts, read only by libFuzzer's one thread afterwards.
nonisolated(unsafe) private var currentEntry: ([UInt8]) -> Void = { _ in }

/// One input, from libFuzzer, handed to the target's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    currentEntry(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer's driver with this process's command line, feeding every input to `entry`,
/// and exits with its status. SwiftPM gives each executable its own `main`, which calls this.
public func runFuzzer(_ entry: @escaping ([UInt8]) -> Void) -> Never {
    currentEntry = entry
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
}
