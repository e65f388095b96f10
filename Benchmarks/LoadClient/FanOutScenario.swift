/// Viewers of continuously animating live sessions: how many frames a second each viewer receives,
/// how many it never saw (a slow reader is handed the latest frame instead), and what the server
/// spends meanwhile.
struct FanOutScenario {
    /// Auto-scroll with a 4 ms idle interval: the session never stops animating.
    static let animate =
        #"{"type":"configure","config":{"preset":"coverflow","autoscroll":{"enabled":true,"intervalMs":4}}}"#

    let target: LoadTarget
    let audience: Audience
    let seconds: Double

    func run() throws -> [String: Any] {
        let load = LoadRun(port: target.port)
        let paths = audience.paths(prefix: "load")
        try load.connect(paths: paths)
        for session in 0..<audience.sessions {
            load.viewers[audience.firstViewer(ofSession: session)].send(text: Self.animate)
        }
        try warmUp(load, viewers: paths.count)

        var frames = [Int](repeating: 0, count: paths.count)
        var missed = [Int](repeating: 0, count: paths.count)
        var lastSeq = [Int](repeating: -1, count: paths.count)
        var firstSeq = [Int](repeating: -1, count: paths.count)
        let window = try ServerWindow(serverPID: target.serverPID)
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(seconds)) { viewer, _, bytes in
            guard let seq = FrameText.frameSeq(bytes) else { return }
            frames[viewer] += 1
            if firstSeq[viewer] < 0 { firstSeq[viewer] = seq }
            if lastSeq[viewer] >= 0, seq > lastSeq[viewer] + 1 { missed[viewer] += seq - lastSeq[viewer] - 1 }
            lastSeq[viewer] = seq
        }
        var figures = try window.close()
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }
        let elapsed = figures["seconds"] as! Double
        let rates = frames.map { Double($0) / elapsed }.sorted()
        let received = frames.reduce(0, +)
        figures["viewers"] = paths.count
        figures["sessions"] = audience.sessions
        figures["fps_min"] = rates.first ?? 0
        figures["fps_p1"] = rates[rates.count / 100]
        figures["fps_median"] = rates[rates.count / 2]
        figures["frames_received"] = received
        // How fast the sessions made frames: the seq a viewer last saw minus the first, per second.
        let produced = (0..<paths.count).map { Double(lastSeq[$0] - firstSeq[$0]) / elapsed }.sorted()
        figures["session_fps_median"] = produced[produced.count / 2]
        figures["frames_coalesced_percent"] =
            100 * Double(missed.reduce(0, +)) / Double(max(1, received + missed.reduce(0, +)))
        return figures
    }

    /// Lets the join storm drain (every join is announced to every viewer) and the animation start:
    /// measuring begins once every viewer has caught up with frames made after the warm-up second.
    private func warmUp(_ load: LoadRun, viewers: Int) throws {
        var latest = [Int](repeating: -1, count: viewers)
        func track(_ viewer: Int, _: Int64, _ bytes: UnsafeBufferPointer<UInt8>) {
            if let seq = FrameText.frameSeq(bytes) { latest[viewer] = max(latest[viewer], seq) }
        }
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(1), message: track)
        let target = (latest.max() ?? 0) + 30
        let deadline = MonotonicTime.now() + MonotonicTime.seconds(60)
        while latest.contains(where: { $0 < target }) {
            guard MonotonicTime.now() < deadline else {
                throw LoadError("viewers did not catch up within 60 s of joining")
            }
            load.pump(until: MonotonicTime.now() + 50_000_000, message: track)
        }
    }
}
