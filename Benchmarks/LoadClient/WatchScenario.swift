/// Watchers of one live session that a viewer flicks once a second while auto-scroll runs: what the
/// server spends sending them its frames, or (`stream`) the engine stream their pages would run
/// instead (`engine=stream`: a batch of calls per change, time once a second). The flicking viewer
/// is the first, its pointer messages 16 ms apart as a page sends them; every viewer reads
/// everything. With the stream, each watcher's batches are kept through the window and a second
/// after it, to say whether every watcher received every batch (`BatchDelivery`).
struct WatchScenario {
    let target: LoadTarget
    let viewers: Int
    let seconds: Double
    let stream: Bool

    static let setUp =
        #"{"type":"configure","config":{"preset":"coverflow","autoscroll":{"enabled":true,"intervalMs":700}}}"#

    func run() throws -> [String: Any] {
        let load = LoadRun(port: target.port)
        let audience = Audience(sessions: 1, viewersPerSession: viewers)
        let paths = audience.paths(
            prefix: stream ? "watch-stream" : "watch-frames",
            query: stream ? "&engine=stream" : ""
        )
        try load.connect(paths: paths)
        load.viewers[0].send(text: Self.setUp)
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(2))

        var messages = 0
        var bytes = 0
        var flicks = 0
        var batchTimes = [[Double]](repeating: [], count: viewers)
        let window = try ServerWindow(serverPID: target.serverPID)
        let end = MonotonicTime.now() + MonotonicTime.seconds(seconds)
        func keep(_ viewer: Int, _ message: UnsafeBufferPointer<UInt8>) {
            if stream, let time = FrameText.batchTime(message) { batchTimes[viewer].append(time) }
        }
        func read(until deadline: Int64) {
            load.pump(until: min(end, deadline)) { viewer, _, message in
                messages += 1
                bytes += message.count
                keep(viewer, message)
            }
        }
        while MonotonicTime.now() < end {
            let started = MonotonicTime.now()
            // The finger's messages come 16 ms apart, as a page sends them.
            for (index, message) in flick(number: flicks).enumerated() {
                load.viewers[0].send(text: message)
                read(until: started + Int64(index + 1) * 16_000_000)
            }
            flicks += 1
            read(until: started + MonotonicTime.seconds(1))
        }
        var figures = try window.close()
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(1)) { viewer, _, message in keep(viewer, message) }
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }
        let elapsed = figures["seconds"] as! Double
        figures["viewers"] = viewers
        figures["stream"] = stream
        figures["flicks"] = flicks
        figures["messages_per_second_per_viewer"] = Double(messages) / elapsed / Double(viewers)
        figures["kib_per_second_per_viewer"] = Double(bytes) / 1024 / elapsed / Double(viewers)
        figures["messages_delivered"] = messages
        // The flicking viewer is left out: only watchers are asked to have every batch.
        if stream { figures.merge(BatchDelivery(times: Array(batchTimes.dropFirst())).figures) { $1 } }
        return figures
    }

    /// A flick to the left, then the next one to the right: down, eight moves, up, with the page's
    /// timestamps 16 ms apart.
    private func flick(number: Int) -> [String] {
        let direction = number % 2 == 0 ? -1.0 : 1.0
        let start = Double(number) * 1000
        var messages = [#"{"type":"pointer","phase":"down","x":190,"y":90,"t":\#(start)}"#]
        for step in 1...8 {
            let x = 190 + direction * Double(step) * 14
            messages.append(#"{"type":"pointer","phase":"move","x":\#(x),"y":90,"t":\#(start + Double(step) * 16)}"#)
        }
        messages.append(#"{"type":"pointer","phase":"up","x":\#(190 + direction * 112),"y":90,"t":\#(start + 128)}"#)
        return messages
    }
}
