import FuzzerDriver
import PreviewHandover
import PreviewMedia
import PreviewProtocol
import PreviewRecording
import PreviewWire

/// libFuzzer's entry point: every input is a message a client could send. Decoding it, applying it
/// as a configuration patch and reading it as a catalog must never crash, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if case .configure(let config?, _, _)? = try? ClientMessage.decode(text) {
        _ = try? SessionConfiguration(preset: "banner")!.applying(config)
        _ = try? SessionConfiguration(preset: "cards")!.applying(config)
    }
    _ = try? CatalogItem.catalog(fromJSON: text)
    var hub = PreviewHub()
    _ = hub.open(1, query: ["session": "fuzz", "clock": "manual"], now: .zero)
    _ = hub.receive(1, text: text, now: .milliseconds(1))
    _ = hub.receive(1, text: "{\"type\":\"advance\",\"ms\":500}", now: .milliseconds(2))
    return 0
}

// SwiftPM's name for the executable's entry point: libFuzzer's driver over `fuzzMessage`.
@_cdecl("MessageFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: CommandLineArguments) -> CInt {
    runLibFuzzer(argc: argc, argv: argv, fuzzMessage)
}
