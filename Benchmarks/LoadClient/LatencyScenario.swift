import Foundation

/// Input-to-frame latency on loopback: one viewer drags a live session at 60 Hz while the others
/// watch; every pointer message carries a `seq`, and each viewer notes when the first frame naming
/// that `seq` arrives.
struct LatencyScenario {
    let target: LoadTarget
    let viewers: Int
    let samples: Int

    func run() throws -> [String: Any] {
        let load = LoadRun(port: target.port)
        try load.connect(paths: Array(repeating: "/ws?session=latency", count: viewers))
        // Joins announce the viewer count to everyone; let that settle before measuring.
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(0.5))

        let inputs = samples + 2
        var sentAt = [Int64](repeating: -1, count: inputs)
        var arrivals = [Int64](repeating: -1, count: viewers * inputs)
        let driver = load.viewers[0]
        func pointer(_ phase: String, x: Double, seq: Int) {
            let now = MonotonicTime.now()
            sentAt[seq] = now
            driver.send(
                text:
                    #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(Double(now) / 1e6),"seq":\#(seq)}"#
            )
        }
        func pump(until deadline: Int64) {
            load.pump(until: deadline) { viewer, arrival, bytes in
                guard FrameText.frameSeq(bytes) != nil, let seq = FrameText.inputSeq(bytes), seq < inputs else {
                    return
                }
                if arrivals[viewer * inputs + seq] < 0 { arrivals[viewer * inputs + seq] = arrival }
            }
        }

        let window = try ServerWindow(serverPID: target.serverPID)
        let period = MonotonicTime.seconds(1.0 / 60)
        var next = MonotonicTime.now()
        pointer("down", x: 200, seq: 0)
        for seq in 1...samples {
            next += period
            pump(until: next)
            pointer("move", x: 200 + 100 * sin(Double(seq) / 10), seq: seq)
        }
        next += period
        pump(until: next)
        pointer("up", x: 200, seq: inputs - 1)
        pump(until: MonotonicTime.now() + MonotonicTime.seconds(0.5))
        var figures = try window.close()
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }

        func latencies(_ viewerRange: Range<Int>) -> [Double] {
            viewerRange.flatMap { viewer in
                (0..<inputs).compactMap { seq in
                    let arrival = arrivals[viewer * inputs + seq]
                    return arrival < 0 ? nil : Double(arrival - sentAt[seq]) / 1e6
                }
            }
        }
        let sender = Percentiles(latencies(0..<1))
        let everyone = Percentiles(latencies(0..<viewers))
        figures["viewers"] = viewers
        figures["inputs"] = inputs
        figures["sender_ms"] = sender.json
        figures["all_viewers_ms"] = everyone.json
        // An input a viewer never saw named: its frame was merged into a later one for a slow reader.
        figures["inputs_unseen_by_sender"] = inputs - sender.count
        figures["inputs_unseen_percent"] = 100 * Double(viewers * inputs - everyone.count) / Double(viewers * inputs)
        return figures
    }
}
