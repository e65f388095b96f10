// libFuzzer's driver, shared by the fuzzers: SwiftPM links an executable's entry point as
// `<Target>_main`, so each fuzzer's entry point hands its command line (-max_total_time=600, corpus
// directories, ...) and its per-input callback to libFuzzer from here.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

/// A C `main`'s arguments.
public typealias CommandLineArguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// Runs libFuzzer over `callback` with the process's command line.
public func runLibFuzzer(
    argc: CInt,
    argv: CommandLineArguments,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, callback)
}
