import PreviewProtocol
import PreviewWire

/// The hub with no transport at all: connections are queues, and time moves only when the test
/// ticks it. The same `TestViewer` API as a live server, so a scenario runs against both.
public final class InProcessServer: TestServer {
    public private(set) var hub: PreviewHub
    public private(set) var now = Duration.zero
    private var connections: [Int: InProcessConnection] = [:]
    private var nextConnection = 1

    public init(catalogs: ItemCatalogs = .bundled, limits: PreviewHub.Limits = PreviewHub.Limits()) {
        hub = PreviewHub(catalogs: catalogs, limits: limits)
    }

    public func connect(_ query: String) throws -> TestViewer {
        let id = nextConnection
        nextConnection += 1
        let connection = InProcessConnection(server: self, id: id)
        connections[id] = connection
        perform(hub.open(id, query: Self.arguments(of: query), now: now).actions)
        return TestViewer(connection, server: self)
    }

    /// Time passes for live sessions, one hub tick.
    public func tick(by duration: Duration) {
        now += duration
        perform(hub.tick(now: now).actions)
    }

    fileprivate func receive(_ text: String, from id: Int) {
        perform(hub.receive(id, text: text, now: now).actions)
    }

    fileprivate func disconnect(_ id: Int) {
        guard connections.removeValue(forKey: id) != nil else { return }
        perform(hub.close(id, now: now).actions)
    }

    private func perform(_ actions: [TransportAction]) {
        for action in actions {
            switch action {
            case .send(let id, let message): connections[id]?.queue.append(.text(message.text))
            case .close(let id, let code, let reason):
                connections[id]?.queue.append(.close(code: code, reason: reason))
                disconnect(id)
            case .render, .cancelRender: break  // drawn by the real server's worker only
            case .readRecording(let read):
                // Read at once here, where the real transport reads it on a thread of its own.
                perform(hub.recordingRead(RecordingReadOutcome(read: read, result: read.read()), now: now).actions)
            case .checkImage(let check):
                perform(hub.imageChecked(check.check(), now: now).actions)
            }
        }
    }

    /// A query string as the transport hands it over (no percent-decoding needed by the tests).
    private static func arguments(of query: String) -> [String: String] {
        var arguments: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            arguments[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return arguments
    }
}

/// One in-process connection: what the hub sent it, waiting to be read.
final class InProcessConnection: TestConnection {
    private weak var server: InProcessServer?
    let id: Int
    var queue: [TestConnectionEvent] = []
    private var isClosed = false

    init(server: InProcessServer, id: Int) {
        self.server = server
        self.id = id
    }

    func send(_ text: String) throws {
        guard !isClosed, let server else { throw ViewerError.unexpected("send on a closed connection") }
        server.receive(text, from: id)
    }

    func receive(timeout: Double) throws -> TestConnectionEvent {
        guard !queue.isEmpty else { throw ViewerError.nothingPending }
        let event = queue.removeFirst()
        if case .close = event { isClosed = true }
        return event
    }

    func close() {
        isClosed = true
        server?.disconnect(id)
    }
}
