import Foundation

/// What the render fuzzer did, printed at its exit beside libFuzzer's own statistics (which count
/// inputs, not workers): how many SVGs the allow-list took, how many workers drew, made, refused.
struct Tally {
    nonisolated(unsafe) static var current = Tally()

    var inputs = 0
    var taken = 0
    var refused = 0
    var workers = 0
    var made = 0
    var workerRefusals = 0
    var pictures = 0
    var slowestInspection = Duration.zero
    var slowestWorker = Duration.zero

    var summary: String {
        "render-fuzz: \(inputs) inputs, SVG taken \(taken), refused \(refused); workers \(workers): made \(made) "
            + "(\(pictures) pictures), refused invalid_value \(workerRefusals); slowest inspection "
            + "\(slowestInspection.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 2)))), "
            + "slowest worker \(slowestWorker.formatted(.units(allowed: [.milliseconds])))"
    }

    /// Prints the summary when the process exits (libFuzzer exits at -max_total_time).
    static func printAtExit() {
        atexit { FileHandle.standardError.write(Data((Tally.current.summary + "\n").utf8)) }
    }
}
