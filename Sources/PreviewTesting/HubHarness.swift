import PreviewProtocol

/// The hub driven by hand, as the tests and the sequence fuzzer drive it: connections open, send
/// and leave at `now`, time passes by ticks, and what the hub asks the transport to send or close
/// is kept by connection (unless `keepsSent` is off: a fuzzer checks each answer as it comes and
/// would only pile them up). Each call also returns its actions.
public struct HubHarness {
    public var hub: PreviewHub
    /// The hub's clock: calls happen at this time; `tick(by:)` moves it.
    public var now = Duration.zero
    /// What each connection was sent, in order, as text (a long test may empty it as it reads).
    public var sent: [Int: [String]] = [:]
    /// How each closed connection was closed.
    public var closed: [Int: UInt16] = [:]
    /// The renders the hub asked the transport for, in order (a test answers them with `hub.rendered`).
    public var renders: [RenderRequest] = []
    /// The tickets of the renders the hub asked the transport to stop, in order.
    public var cancelledRenders: [Int] = []
    private let keepsSent: Bool

    public init(hub: PreviewHub = PreviewHub(), keepsSent: Bool = true) {
        self.hub = hub
        self.keepsSent = keepsSent
    }

    @discardableResult
    public mutating func open(_ connection: Int, _ query: [String: String]) -> [TransportAction] {
        perform(hub.open(connection, query: query, now: now).actions)
    }

    @discardableResult
    public mutating func send(_ connection: Int, _ text: String) -> [TransportAction] {
        perform(hub.receive(connection, text: text, now: now).actions)
    }

    @discardableResult
    public mutating func sendBinary(_ connection: Int, _ bytes: [UInt8]) -> [TransportAction] {
        perform(hub.receiveBinary(connection, bytes: bytes[...], now: now).actions)
    }

    @discardableResult
    public mutating func leave(_ connection: Int) -> [TransportAction] {
        perform(hub.close(connection, now: now).actions)
    }

    /// Time passes by `duration`, and the hub ticks.
    @discardableResult
    public mutating func tick(by duration: Duration) -> [TransportAction] {
        now += duration
        return perform(hub.tick(now: now).actions)
    }

    /// Keeps what `actions` send and close; returns them.
    @discardableResult
    public mutating func perform(_ actions: [TransportAction]) -> [TransportAction] {
        // A recording is read at once here, where the real transport reads it on a thread of its own.
        var actions = actions
        for case .readRecording(let read) in actions {
            let outcome = RecordingReadOutcome(read: read, result: read.read())
            actions += hub.recordingRead(outcome, now: now).actions
        }
        for case .checkImage(let check) in actions {
            actions += hub.imageChecked(check.check(), now: now).actions
        }
        guard keepsSent else { return actions }
        for action in actions {
            switch action {
            case .send(let connection, let message): sent[connection, default: []].append(message.text)
            case .close(let connection, let code, _): closed[connection] = code
            case .render(let request): renders.append(request)
            case .cancelRender(let ticket): cancelledRenders.append(ticket)
            case .readRecording, .checkImage: break
            }
        }
        return actions
    }
}
