import CarouselCore

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Edge values

/// 5e-324 and 2.2e-308, both subnormal (written as literals they draw an underflow warning).
let tiny = Double.leastNonzeroMagnitude
let subnormal = Double("2.2e-308")!

let coordinates: [Double] = [
    0, -0.0, tiny, -tiny, subnormal, 2.2250738585072014e-308, 1e-307, -1e-307, 1e-300, 1e-9,
    0.1, 0.5, 1, 5, 10, -10, 90, 120, 180, 270, 300, 375, 560, 1e3, 1e5,
    1e6, -1e6, 1e6.nextDown, 1e6.nextUp, -(1e6.nextUp), 1_000_001, 1e7, 1e15, 1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 4_503_599_627_370_496, 9.007199254740994e15,
]

let timestamps: [Double] = [
    0, -0.0, tiny, subnormal, 1e-307, 1e-300, 1e-9, 1, 4, 8, 16, 24, 32, 33, 40, 41, 100, 101,
    1e3, 1e6, 1e12, -1e12, 1e15, -1e15, 1e15.nextUp, 1e16, -1, .greatestFiniteMagnitude,
]

/// Added to the previous value (coordinates and timestamps).
let deltas: [Double] = [
    0, -0.0, tiny, 1e-307, 1e-9, 0.5, 1, 4, 8, 16, 30, 40, 41, 100, 1e3, 1e12,
    -tiny, -1e-9, -1, -8, -100, -1e12, 1e6, -1e6, 1e15,
]

let advances: [Double] = [
    1e-9, tiny, subnormal, 1e-307, 1e-300, 1e-6, 0.001, 0.5, 1, 3.999, 4, 4.000001, 8, 16, 17, 100,
    500, 1000, 3000, 9999.999, 10_000, (10_000.0).nextUp, 10_001, 0, -0.0, -1, 1e12,
]

let configValues: [Double] = [
    0, -0.0, tiny, subnormal, 1e-307, 1e-300, 1e-9, 0.01, 0.5, 0.8, 0.9, 0.99, 0.999999, (1.0).nextDown, 1,
    (1.0).nextUp, 2, 8, 10, 16, 20, 100, 300, 343, 375, 560, 1000, 10_000, (10_000.0).nextUp, 1e6, 1e6.nextUp,
    1e300, -1, -1e-307, 86_400_000, 86_400_001,
]

let indices: [Double] = [
    0, -0.0, 1, 2, 3, 4, 5, 6, -1, 999, 1000, 1e9, 1e9 + 1, -1e9, 0.5, tiny, 2_147_483_648, 9.2e18,
]

let itemCounts = [0, 1, 2, 3, 4, 5, 7, 50, 1000, 1001]
let cardHeights: [Double] = [560, 1200, 100, 561.5, 5000, 1e-307, 1e6]

/// Steps of the hub's clock, in nanoseconds: sub-millisecond, a 60 Hz tick, up to past the
/// 60 s a session outlives its last viewer, and an hour's stall.
let hubSteps: [Int64] = [
    1, 1000, 1_000_000, 4_000_000, 16_666_667, 17_000_000, 100_000_000, 1_000_000_000, 3_000_000_000,
    59_999_000_000, 60_000_000_000, 61_000_000_000, 3_600_000_000_000,
]

let badLiterals = [
    "nan", "inf", "-inf", "-nan", "1e400", "-1e400", "1e-400", "-0", "00", "1.", ".5", "-", "1e", "+1",
    "Infinity", "NaN", "\"5\"", "null", "true", "[]", "0x10",
]

let presets = Configuration.presetNames

let oddMessages = [
    "", "{", "null", "[]", "{\"type\":1}", "{\"type\":\"pointer\"}",
    "{\"type\":\"pointer\",\"phase\":\"hover\",\"x\":0,\"y\":0,\"t\":0}",
    "{\"type\":\"pointer\",\"phase\":\"move\",\"x\":0,\"y\":0,\"t\":0,\"seq\":0.5}",
    "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":0,\"y\":0,\"t\":0,\"pointerType\":\"finger\"}",
    "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":0,\"y\":0,\"t\":0,\"pointerType\":7}",
    "{\"type\":\"advance\",\"ms\":8,\"ms\":8}", "{\"type\":\"command\",\"name\":\"goto\"}",
    "{\"type\":\"command\",\"name\":\"jump\"}", "{\"type\":\"configure\"}",
    "{\"type\":\"configure\",\"config\":{\"preset\":\"nope\"}}",
    "{\"type\":\"configure\",\"config\":{\"itemWidth\":null,\"itemHeight\":null}}",
    "{\"type\":\"configure\",\"config\":{\"axis\":\"vertical\"}}",
    "{\"type\":\"configure\",\"items\":[{\"id\":\"a\"},{\"id\":\"a\"}]}",
    "{\"type\":\"visibility\",\"hidden\":0}", "{\"type\":\"ping\",\"id\":[1,{\"a\":-0.0}]}", "{\"type\":\"warp\"}",
]

let traceEnabled = getenv("SEQUENCE_FUZZER_TRACE") != nil

/// A line to standard error, unbuffered: a `fatalError` right after must not lose it.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
