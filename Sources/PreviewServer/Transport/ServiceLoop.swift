import Logging
import PreviewProtocol
import PreviewWire

/// Everything the event loop decides, as a pure state machine: the hub, the connection table, the
/// tick schedule, liveness and the stop. The libwebsockets file feeds it each callback with the
/// time and performs what it returns; tests feed it the same calls and step time themselves.
struct ServiceLoop<Socket> {
    /// What the loop asks of the sockets.
    enum Effect {
        /// The socket has something to write: ask for a writable callback.
        case requestWrite(Socket)
        /// The peer stopped answering pings: drop the connection without a close handshake.
        case drop(Socket)
    }

    /// What a complete or partial message leads to.
    enum Receipt {
        case effects([Effect])
        /// Close the connection now with this code (the message broke the protocol's limits).
        case refuse(code: UInt16, reason: String)
    }

    private var hub: PreviewHub
    private(set) var connections: ConnectionTable<Socket>
    private(set) var schedule: TickScheduler
    private let pingTimeout: Duration
    private let logger: Logger
    /// Frames handed out for writing, for /stats.
    private(set) var framesWritten = 0
    /// The loop's longest turns, for /stats.
    private var turns = TurnMeter()
    /// The work this turn of the loop has done so far: its callbacks' time, never its wait.
    private var turnWork = Duration.zero
    /// When the last working turn ended, for the last minute's longest turn in /stats.
    private var lastTurnEnd = Duration.zero
    private(set) var isStopping = false
    private var stopDeadline = Duration.zero
    /// The loop has nothing left to do and may return.
    private(set) var shouldExit = false
    /// When the hub next needs a tick, as its last answer said: a tick's answer covers every
    /// session and replaces it; an open, message or close only brings it sooner for its session.
    private var hubWake: Duration?
    /// When a peer is next due a ping or a give-up, as of the last tick or connection.
    private var livenessWake: Duration?
    /// Whether ticks run on the frame grid (something moves); otherwise the loop sleeps until
    /// `nextWake`.
    private(set) var isTicking = false

    /// How long a stop waits for peers to acknowledge their close before the loop exits anyway.
    static var stopGrace: Duration { .seconds(2) }

    /// Where `render` actions go, off the loop; `nil` refuses them (a loop under test).
    private let renders: RenderQueue?
    /// Where recordings are read and images judged, off the loop; `nil` does it at the next tick (a loop under test).
    private let background: BackgroundWork?
    private var unfinished: [@Sendable () -> BackgroundWork.Finished] = []

    init(
        hub: PreviewHub,
        tickInterval: Duration,
        pingTimeout: Duration,
        logger: Logger,
        now: Duration,
        renders: RenderQueue? = nil,
        background: BackgroundWork? = nil
    ) {
        self.renders = renders
        self.background = background
        self.hub = hub
        schedule = TickScheduler(interval: tickInterval, start: now)
        self.pingTimeout = pingTimeout
        connections = ConnectionTable(pingTimeout: pingTimeout)
        self.logger = logger
    }

    var sessionCount: Int { hub.sessionCount }

    /// A WebSocket was accepted from `address` (`nil` on loopback); returns its id for the
    /// callbacks that follow.
    mutating func open(
        _ socket: Socket,
        query: [String: String],
        address: String? = nil,
        now: Duration
    ) -> (id: Int, effects: [Effect]) {
        let id = connections.add(socket, now: now)
        livenessWake = PreviewHub.earlier(livenessWake, now + pingTimeout / 2)
        return (id, perform(noting: hub.open(id, query: query, address: address, now: now)))
    }

    /// A fragment of a message arrived on connection `id`.
    mutating func receive(
        _ id: Int,
        _ bytes: UnsafeRawBufferPointer,
        isFirst: Bool,
        isBinary: Bool,
        isLast: Bool,
        now: Duration
    ) -> Receipt {
        switch connections.reassemble(id, bytes, isFirst: isFirst, isBinary: isBinary, isLast: isLast) {
        case nil, .partial?: return .effects([])
        case .tooLarge?:
            return .refuse(code: 1009, reason: "message larger than \(ClientMessage.maximumBytes) bytes")
        case .binary(let bytes)?: return .effects(perform(noting: hub.receiveBinary(id, bytes: bytes[...], now: now)))
        case .text(let text)?: return .effects(perform(noting: hub.receive(id, text: text, now: now)))
        }
    }

    /// A pong arrived on connection `id`.
    mutating func pong(_ id: Int, now: Duration) {
        connections.heard(from: id, now: now)
    }

    /// Connection `id` is writable: the one thing to write on it now, if any.
    mutating func writable(_ id: Int) -> ConnectionTable<Socket>.Write? {
        let write = connections.nextWrite(id)
        if case .message(let message)? = write, message.frame != nil { framesWritten += 1 }
        return write
    }

    /// Whether connection `id` wants another writable callback.
    func hasPendingWrite(_ id: Int) -> Bool {
        connections.hasPendingWrite(id)
    }

    /// Connection `id` closed, whichever side closed it.
    mutating func closed(_ id: Int, now: Duration) -> [Effect] {
        guard connections.remove(id) else { return [] }
        livenessWake = connections.nextLivenessCheck()
        let effects = perform(noting: hub.close(id, now: now))
        if isStopping && connections.isEmpty { shouldExit = true }
        return effects
    }

    /// The tick is due: sessions step, silent peers are pinged or dropped, a stop past its grace ends.
    mutating func tick(now: Duration) -> [Effect] {
        if isTicking, now >= schedule.next { schedule.ran(at: now) }
        if isStopping, now >= stopDeadline { shouldExit = true }
        var effects = background == nil ? collectFinishedWork(now: now) : []
        let response = hub.tick(now: now)
        hubWake = response.nextDeadline
        effects += perform(response.actions)
        let liveness = connections.checkLiveness(now: now)
        livenessWake = liveness.next
        effects += liveness.ping.map(Effect.requestWrite)
        effects += liveness.dead.map(Effect.drop)
        return effects
    }

    /// When `tick` must next run: on the frame grid while anything moves; otherwise when auto-scroll
    /// fires, a session expires, a peer is due a ping, or a stop's grace ends; `nil` to sleep until
    /// a socket wakes the loop. An idle server sets no timer at all.
    mutating func nextWake(now: Duration) -> Duration? {
        var wake = livenessWake
        if isStopping { wake = PreviewHub.earlier(wake, stopDeadline) }
        guard let hubWake else {
            isTicking = false
            return wake
        }
        guard hubWake <= now else {
            isTicking = false
            return PreviewHub.earlier(wake, hubWake)
        }
        if !isTicking {
            schedule.resume(at: now)
            isTicking = true
        }
        return PreviewHub.earlier(wake, schedule.next)
    }

    /// Performs what the hub answered a join, message or close with. That may set something
    /// moving in its session (or start its linger): ticks may be due sooner, never later.
    private mutating func perform(noting response: HubResponse) -> [Effect] {
        hubWake = PreviewHub.earlier(hubWake, response.nextDeadline)
        return perform(response.actions)
    }

    /// The loop was woken from another thread: the renders, recordings and images finished meanwhile go to the hub.
    mutating func collectFinishedWork(now: Duration) -> [Effect] {
        let done = background?.takeFinished() ?? unfinished.map { $0() }
        unfinished = []
        return (renders?.takeFinished() ?? []).flatMap { perform(noting: hub.rendered($0, now: now)) }
            + done.flatMap { finished in
                switch finished {
                case .recording(let outcome): perform(noting: hub.recordingRead(outcome, now: now))
                case .image(let outcome): perform(noting: hub.imageChecked(outcome, now: now))
                }
            }
    }

    /// Closes every WebSocket with 1001 and exits once all have closed or the grace has passed.
    mutating func stop(now: Duration) -> [Effect] {
        guard !isStopping else { return [] }
        isStopping = true
        stopDeadline = now + Self.stopGrace
        logger.info("closing connections", metadata: ["server.connections": "\(connections.count)"])
        if connections.isEmpty { shouldExit = true }
        return connections.closeAll(code: 1001, reason: "server shutting down").map(Effect.requestWrite)
    }

    /// A callback of this turn of the event loop worked from `start` to `end`. Only callbacks count:
    /// libwebsockets calls some before it waits in poll, so the span from the first to the turn's
    /// end would count the wait.
    mutating func worked(from start: Duration, to end: Duration) {
        turnWork += max(.zero, end - start)
    }

    /// The event loop goes back to waiting: a turn that worked is measured.
    mutating func turnEnded(at now: Duration) {
        guard turnWork > .zero else { return }
        turns.turn(from: now - turnWork, to: now)
        (turnWork, lastTurnEnd) = (.zero, now)
    }

    /// The body of `/stats`.
    var statistics: JSONValue {
        .object([
            ("worker", hub.worker.map(JSONValue.string) ?? .null),
            ("connections", .number(Double(connections.count))), ("sessions", .number(Double(hub.sessionCount))),
            ("framesWritten", .number(Double(framesWritten))),
            ("queuedBytes", .number(Double(connections.queuedBytes))),
            ("maximumTickLagMs", .number(schedule.maximumLag.milliseconds)),
            ("longestTurnMs", .number(turns.longest.milliseconds)),
            ("longestTurnMsLastMinute", .number(turns.longestInLastMinute(now: lastTurnEnd).milliseconds)),
            ("journalBytes", .number(Double(hub.journalFootprint))),
            ("imageBytes", .number(Double(hub.imageBytes))),
        ])
    }

    /// What an HTTP answer may read of the loop, as it is now: `/stats` and `/media/`.
    var httpState: HTTPResponder.LoopState {
        let (statistics, hub) = (statistics, hub)
        return HTTPResponder.LoopState(statistics: { statistics }, image: { hub.storedImage($0, inSession: $1) })
    }

    /// Hands `work` to the background threads, or keeps it for the next tick in a loop under test.
    private mutating func offLoop(_ work: @escaping @Sendable () -> BackgroundWork.Finished) {
        if let background { background.submit(work) } else { unfinished.append(work) }
    }

    private mutating func perform(_ actions: [TransportAction]) -> [Effect] {
        var effects: [Effect] = actions.compactMap { action in
            switch action {
            case .render(let request):
                renders?.submit(request)
                return nil
            case .cancelRender(let ticket):
                renders?.cancel(ticket: ticket)
                return nil
            case .readRecording(let read):
                offLoop { .recording(RecordingReadOutcome(read: read, result: read.read())) }
                return nil
            case .checkImage(let check):
                offLoop { .image(check.check()) }
                return nil
            case .send, .close: break
            }
            guard let (socket, fellBehind) = connections.perform(action) else { return nil }
            if fellBehind, case .send(let id, _) = action {
                logger.info("disconnecting a reader that fell too far behind", metadata: ["connection.id": "\(id)"])
            }
            return .requestWrite(socket)
        }
        let overBudget = connections.keepWithinBudget()
        if !overBudget.isEmpty {
            logger.info(
                "disconnecting readers whose queues took the server's budget",
                metadata: ["connection.count": "\(overBudget.count)"]
            )
            effects += overBudget.map(Effect.requestWrite)
        }
        return effects
    }
}
