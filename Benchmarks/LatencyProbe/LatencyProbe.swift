import Foundation
import WebSocketTestClient

/// Measures input-to-frame latency on loopback: one driver drags a live session while other
/// viewers watch; every pointer message carries a `seq`, and each viewer's reader thread notes
/// when the frame naming that `seq` arrives.
///
/// Usage: latency-probe PORT [VIEWERS=10] [SAMPLES=600]
@main
struct LatencyProbe {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        guard let port = arguments.first else {
            FileHandle.standardError.write(Data("usage: latency-probe PORT [VIEWERS] [SAMPLES]\n".utf8))
            exit(2)
        }
        let viewerCount = arguments.count > 1 ? arguments[1] : 10
        let samples = arguments.count > 2 ? arguments[2] : 600
        let session = "latency-\(getpid())"
        let clients = try (0..<viewerCount).map { _ in try WebSocketClient(port: port, path: "/ws?session=\(session)") }
        let log = ArrivalLog(viewers: viewerCount)
        // The driver and nine watchers note each frame's input seq; the other viewers only drain their
        // sockets, so with 1,000 viewers the probe's own parsing is not what gets measured.
        let measuredViewers = min(viewerCount, 10)
        for (viewer, client) in clients.enumerated() {
            Thread.detachNewThread {
                while let message = try? client.receive(timeout: 10) {
                    guard case .text(let text) = message else { break }
                    guard viewer < measuredViewers, let seq = Self.inputSeq(in: text) else { continue }
                    log.arrived(viewer: viewer, seq: seq, at: DispatchTime.now().uptimeNanoseconds)
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let driver = clients[0]
        func pointer(_ phase: String, x: Double, seq: Int) throws {
            let time = Double(DispatchTime.now().uptimeNanoseconds) / 1e6
            log.sent(seq: seq, at: DispatchTime.now().uptimeNanoseconds)
            try driver.send("{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(x),\"y\":90,\"t\":\(time),\"seq\":\(seq)}")
        }
        try pointer("down", x: 200, seq: 0)
        for seq in 1...samples {
            Thread.sleep(forTimeInterval: 1.0 / 60)
            try pointer("move", x: 200 + 100 * sin(Double(seq) / 10), seq: seq)
        }
        Thread.sleep(forTimeInterval: 1.0 / 60)
        try pointer("up", x: 200, seq: samples + 1)
        Thread.sleep(forTimeInterval: 0.5)
        let driverLatencies = log.latencies(viewers: [0])
        let allLatencies = log.latencies(viewers: Array(0..<measuredViewers))
        print("input-to-frame latency, live clock, \(viewerCount) viewers, \(samples) pointer moves at 60 Hz")
        print(Self.summary("driver (sender's own frame)", driverLatencies, expected: samples + 2))
        print(Self.summary("all viewers", allLatencies, expected: (samples + 2) * measuredViewers))
        let missing = log.missing(viewer: 0, upTo: samples + 1)
        if !missing.isEmpty { print("inputs whose frame never named them (coalesced): \(missing)") }
    }

    /// The `seq` of `"input":{"client":N,"seq":S}` in a frame's text, found without a regex.
    static func inputSeq(in text: String) -> Int? {
        guard let input = text.firstRange(of: "\"input\":{\"client\":") else { return nil }
        guard let seqKey = text[input.upperBound...].firstRange(of: ",\"seq\":") else { return nil }
        let digits = text[seqKey.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    static func summary(_ label: String, _ values: [Double], expected: Int) -> String {
        let sorted = values.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(
            format: "%@: n=%d/%d  p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms",
            label, sorted.count, expected, percentile(0.5), percentile(0.9), percentile(0.99), sorted.last ?? .nan
        )
    }
}

/// Send and arrival times, shared between the driver and the reader threads.
final class ArrivalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sentAt: [Int: UInt64] = [:]
    private var arrivals: [[Int: UInt64]]

    init(viewers: Int) {
        arrivals = Array(repeating: [:], count: viewers)
    }

    func sent(seq: Int, at time: UInt64) {
        lock.withLock { sentAt[seq] = time }
    }

    func arrived(viewer: Int, seq: Int, at time: UInt64) {
        lock.withLock { if arrivals[viewer][seq] == nil { arrivals[viewer][seq] = time } }
    }

    /// The input seqs no frame to `viewer` named.
    func missing(viewer: Int, upTo last: Int) -> [Int] {
        lock.withLock { (0...last).filter { arrivals[viewer][$0] == nil } }
    }

    /// Milliseconds from sending each input to its frame arriving, per viewer.
    func latencies(viewers: [Int]) -> [Double] {
        lock.withLock {
            viewers.flatMap { viewer in
                arrivals[viewer].compactMap { seq, arrival in sentAt[seq].map { Double(arrival - $0) / 1e6 } }
            }
        }
    }
}
