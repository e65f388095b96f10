/// Many viewers on one event loop: connects them at a pace the server's listen backlog can take,
/// then pumps their sockets, handing every text message to the scenario with its arrival time.
final class LoadRun {
    /// Handshakes in flight at once; more would overflow the listen backlog of a busy server.
    private static let connectWindow = 200

    let loop = EventLoop()
    private(set) var viewers: [ViewerConnection] = []
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)

    deinit {
        scratch.deallocate()
    }

    /// Opens one viewer per path and waits until every handshake is answered.
    func connect(paths: [String], timeoutSeconds: Double = 120) throws {
        let deadline = MonotonicTime.now() + MonotonicTime.seconds(timeoutSeconds)
        for path in paths {
            while viewers.lazy.filter({ $0.state == .handshaking }).count >= Self.connectWindow {
                try pumpOrFail(deadline: deadline)
            }
            let viewer = try ViewerConnection(
                port: port,
                path: path,
                seed: UInt32(truncatingIfNeeded: viewers.count &* 2_654_435_761)
            )
            loop.watch(viewer.socket, token: viewers.count)
            viewers.append(viewer)
        }
        while viewers.contains(where: { $0.state == .handshaking }) {
            try pumpOrFail(deadline: deadline)
        }
    }

    let port: Int

    init(port: Int) {
        self.port = port
    }

    /// Pumps until `deadline` (monotonic ns), calling `message(viewer, arrival, bytes)` for each text.
    func pump(until deadline: Int64, message: (Int, Int64, UnsafeBufferPointer<UInt8>) -> Void = { _, _, _ in }) {
        while true {
            let now = MonotonicTime.now()
            guard now < deadline else { return }
            let wait = Int32(max(0, min(100, (deadline - now) / 1_000_000)))
            loop.poll(milliseconds: wait) { index in
                let viewer = viewers[index]
                let arrival = MonotonicTime.now()
                viewer.readAvailable(scratch: scratch) { message(index, arrival, $0) }
                if case .closed = viewer.state { loop.forget(viewer.socket) }
            }
        }
    }

    /// Viewers whose connection ended, with why.
    var failures: [String] {
        viewers.compactMap { if case .closed(let reason) = $0.state { reason } else { nil } }
    }

    private func pumpOrFail(deadline: Int64) throws {
        if let failure = failures.first { throw LoadError("a viewer failed while connecting: \(failure)") }
        guard MonotonicTime.now() < deadline else { throw LoadError("handshakes did not finish in time") }
        pump(until: min(deadline, MonotonicTime.now() + 10_000_000))
    }
}

/// Why a load run could not produce figures.
struct LoadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
