/// What the server spends on viewers that only watch: they connect, (optionally) turn on auto-scroll,
/// then read everything, answer the server's pings and send nothing while the server's CPU is measured.
struct HoldScenario {
    let target: LoadTarget
    let audience: Audience
    let seconds: Double
    /// Auto-scroll's interval for every session, or 0 to leave it off (a session at rest).
    let autoscrollIntervalMs: Int

    func run() throws -> [String: Any] {
        let load = LoadRun(port: target.port)
        let paths = audience.paths(prefix: "idle", query: "&clock=live")
        try load.connect(paths: paths)
        if autoscrollIntervalMs > 0 {
            let configure =
                #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":\#(autoscrollIntervalMs)}}}"#
            for session in 0..<audience.sessions {
                load.viewers[audience.firstViewer(ofSession: session)].send(text: configure)
            }
        }
        // Joins announce the viewer count to everyone and a configure sends a frame: let that settle.
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(2))

        var messages = 0
        var frames = 0
        let pingsBefore = load.viewers.reduce(0) { $0 + $1.pingsAnswered }
        let window = try ServerWindow(serverPID: target.serverPID)
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(seconds)) { _, _, bytes in
            messages += 1
            if FrameText.frameSeq(bytes) != nil { frames += 1 }
        }
        var figures = try window.close()
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }
        let elapsed = figures["seconds"] as! Double
        figures["viewers"] = paths.count
        figures["sessions"] = audience.sessions
        figures["autoscroll_interval_ms"] = autoscrollIntervalMs
        figures["messages_received"] = messages
        figures["frames_per_second_per_viewer"] = Double(frames) / elapsed / Double(paths.count)
        figures["pings_answered"] = load.viewers.reduce(0) { $0 + $1.pingsAnswered } - pingsBefore
        return figures
    }
}
