/// libFuzzer over the recording reader and live replay: a recording is a file anyone can upload,
/// so reading it, replaying it headless and playing it live must never crash, and what is read
/// must hold to the bounds (`RecordingLimits.steps`, `RecordingLimits.span`) whatever the bytes.
///
/// An input is either a recording's text (first byte `{`: the seed corpus holds real recordings,
/// which libFuzzer mutates as bytes) or a program that writes one, to reach the adversarial shapes
/// byte mutation rarely finds (a byte past the end of the input reads as 0):
/// - byte 0: bit 0 the clock (live, manual); bits 1-3 the auto-scroll interval (`intervals`);
///   bits 4-7 how many extra members the first step's object carries (`memberCounts`: up to past
///   the parser's 1,024), the key-count attack on the parser.
/// - byte 1: the number of steps, times 4 (up to 1,020).
/// - byte 2: where `start` is, as a fraction of the steps (byte / 255).
/// - then a byte a step: its low nibble the kind (join, leave, tick, pointer down / move / up,
///   configure itemCount, advance, resync), its high nibble the time since the previous step
///   (`gaps`: 0, 1 ns, a frame, a second, ten minutes, the span's edge, a million seconds, 2^53 ns).
/// A recording read is replayed headless and played live through `Playback`, its ticks stepping
/// 250 ms; a `Playback` that never finishes within its bound of calls is a failure.

import FuzzerDriver

@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

private let intervals = [1, 2, 16, 100, 500, 3000, 86_400_000, 1]
private let memberCounts = [0, 0, 0, 1, 2, 8, 64, 1000, 1023, 1025, 2000, 0, 0, 0, 0, 0]
private let gaps: [Int64] = [
    0, 1, 16_000_000, 1_000_000_000, 600_000_000_000, 1_200_000_000_000, 1_000_000_000_000_000,
    9_007_199_254_740_992, 0, 4_000_000, 1, 0, 16_666_667, 0, 1_199_999_999_999, 2,
]

/// The recording a program describes, as JSON text.
func recordingText(program bytes: [UInt8]) -> String {
    func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
    let header = byte(0)
    let clock = header & 1 == 0 ? "live" : "manual"
    let interval = intervals[Int(header >> 1) & 7]
    let extraMembers = memberCounts[Int(header >> 4)]
    let stepCount = Int(byte(1)) * 4
    let padding = (0..<extraMembers).map { ",\"x\($0)\":0" }.joined()
    var steps: [String] = []
    var at: Int64 = 0
    var clients = 0
    for index in 0..<stepCount {
        let instruction = byte(3 + index)
        let (sum, overflow) = at.addingReportingOverflow(gaps[Int(instruction >> 4)])
        at = overflow ? Int64.max : sum
        let client = max(1, clients)
        let body: String
        switch instruction & 15 {
        case 0:
            clients += 1
            body = "\"join\":\(clients)"
        case 1: body = "\"leave\":\(client)"
        case 2: body = "\"tick\":true"
        case 3: body = "\"client\":\(client),\"pointer\":[\"down\",100,50,\(index),\"touch\",null]"
        case 4, 5: body = "\"client\":\(client),\"pointer\":[\"move\",\(index % 400),50,\(index),null,null]"
        case 6: body = "\"client\":\(client),\"pointer\":[\"up\",20,50,\(index),null,\(index)]"
        case 7, 8: body = "\"client\":\(client),\"message\":{\"type\":\"configure\",\"itemCount\":\(999 + index % 2)}"
        case 9, 10: body = "\"client\":\(client),\"message\":{\"type\":\"advance\",\"ms\":\(1 + index % 10000)}"
        case 11: body = "\"client\":\(client),\"message\":{\"type\":\"command\",\"name\":\"next\"}"
        default: body = "\"resync\":true"
        }
        steps.append("{\"atNs\":\(at),\(body)\(index == 0 ? padding : "")}")
    }
    let start = stepCount == 0 ? 0 : Int(Double(stepCount) * Double(byte(2)) / 255)
    let banners = (0..<10).map { "{\"id\":\"b\($0)\",\"title\":\"B\($0)\"}" }.joined(separator: ",")
    return """
        {"format":"carousel-preview/recording","version":1,"session":"fuzz","clock":"\(clock)","preset":"banner",\
        "setup":{"config":{"autoscroll":{"enabled":true,"intervalMs":\(interval)}}},\
        "catalogs":{"banners":[\(banners)],"cards":[]},"start":\(start),"steps":[\(steps.joined(separator: ","))]}
        """
}

/// Reads `text` as a recording; one that reads must hold to the bounds, replay headless, and play
/// live to its end within a bounded number of ticks.
func check(_ text: String) {
    guard let recording = try? Recording(text: text) else { return }
    guard recording.steps.count <= RecordingLimits.steps else { fatalError("read \(recording.steps.count) steps") }
    if let last = recording.steps.last, last.at > RecordingLimits.span {
        fatalError("read a step at \(last.at), past the span \(RecordingLimits.span)")
    }
    _ = try? Replay.frames(of: recording)
    guard var playback = try? Playback(recording, speed: 1, now: .zero) else { return }
    // Every step runs within the recording's duration (at most 600 s of 250 ms ticks), plus the
    // slices its steps need, before the start and after: each call runs at least one step.
    let bound = Int(RecordingLimits.duration.milliseconds / 250) + 2 * recording.steps.count + 2
    var calls = 0
    var now = Duration.zero
    while !playback.isFinished {
        guard calls < bound else { fatalError("a replay still played after \(calls) ticks") }
        guard (try? playback.advance(to: now)) != nil else { return }
        now += .milliseconds(250)
        calls += 1
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if bytes.first == UInt8(ascii: "{") {
        check(String(decoding: bytes, as: UTF8.self))
    } else {
        check(recordingText(program: bytes))
    }
    return 0
}

// SwiftPM's name for the executable's entry point: libFuzzer's driver over `fuzzRecording`.
@_cdecl("RecordingFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: CommandLineArguments) -> CInt {
    runLibFuzzer(argc: argc, argv: argv, fuzzRecording)
}
