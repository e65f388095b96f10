import CarouselCore

/// Protocol v1 as a pure state machine: connections come and go, messages arrive, time passes,
/// and it answers with what the transport should send or close. It never touches a socket or a
/// clock, so every rule is testable in-process.
public struct PreviewHub: Sendable {
    /// The largest text message accepted, in bytes.
    public static let maximumMessageBytes = 16 * 1024

    private var sessions: [String: Session] = [:]
    /// Each session's clients and their connections, in step with `sessions`.
    private var audiences: [String: Audience] = [:]
    private var members: [Int: Member] = [:]
    /// Recordings playing back live, by session: the session's own steps wait meanwhile.
    private var playbacks: [String: Playback] = [:]
    /// The bytes of recordings being uploaded in parts, across every connection.
    private var uploadBytes = 0
    private let catalogs: ItemCatalogs
    private let limits: Limits

    /// How much the hub takes on.
    public struct Limits: Sendable {
        /// The defaults, the one place they are written: the server's options and the command's
        /// flags start from these.
        public static let standard = Limits(maximumConnections: 1024, maximumSessions: 256, sessionLinger: .seconds(60))

        /// Connections beyond this many are refused.
        public var maximumConnections: Int
        /// New sessions beyond this many are refused.
        public var maximumSessions: Int
        /// How long a session outlives its last viewer.
        public var sessionLinger: Duration

        /// Limits of the given sizes, each defaulting to the standard one.
        public init(
            maximumConnections: Int = Limits.standard.maximumConnections,
            maximumSessions: Int = Limits.standard.maximumSessions,
            sessionLinger: Duration = Limits.standard.sessionLinger
        ) {
            self.maximumConnections = maximumConnections
            self.maximumSessions = maximumSessions
            self.sessionLinger = sessionLinger
        }
    }

    private struct Member: Sendable {
        let session: String
        let client: Int
        var limiter: RateLimiter
        /// The parts of a recording received so far, for a replay.
        var upload = ""
    }

    /// Recordings being uploaded for replay, together, may hold at most this many bytes.
    static let maximumUploadBytes = 64 * 1024 * 1024

    /// Which server process this is, named in every welcome.
    public let identity: ServerIdentity

    /// The worker's name behind a load balancer (`--worker`); `nil` for a server on its own.
    public var worker: String? { identity.worker }

    /// Creates a hub whose new sessions start with the catalog of their layout.
    public init(
        catalogs: ItemCatalogs = .bundled,
        limits: Limits = Limits(),
        identity: ServerIdentity = .random()
    ) {
        self.catalogs = catalogs
        self.limits = limits
        self.identity = identity
    }

    /// How many sessions exist (including those outliving their viewers).
    public var sessionCount: Int { sessions.count }

    /// The session connection `connection` belongs to.
    public func sessionName(of connection: Int) -> String? {
        members[connection]?.session
    }

    /// When `tick` is next needed, over every session: `nil` when no time-driven change is due;
    /// `now` (or earlier) while anything moves, for ticks on the frame grid. See `Session.nextTick`.
    public func nextTick(now: Duration) -> Duration? {
        var earliest: Duration?
        for index in sessions.indices { earliest = Self.earlier(earliest, nextTick(at: index, now: now)) }
        return earliest
    }

    /// When session `name` next needs `tick` (a replay playing there needs every one).
    public func nextTick(inSession name: String, now: Duration) -> Duration? {
        sessions.index(forKey: name).flatMap { nextTick(at: $0, now: now) }
    }

    /// Read in place through the index: `sessions[name]` would copy the session out (see `update`).
    private func nextTick(at index: [String: Session].Index, now: Duration) -> Duration? {
        if playbacks[sessions.keys[index]] != nil { return now }
        return sessions.values[index].nextTick(now: now, linger: limits.sessionLinger)
    }

    /// The earlier of two optional times, `nil` meaning never.
    public static func earlier(_ first: Duration?, _ second: Duration?) -> Duration? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// Frames the live sessions refused for a number that was not finite (see `Session`): 0 unless
    /// the engine has a bug, which the property tests and the sequence fuzzer look for.
    public var refusedFrameCount: Int { sessions.values.reduce(0) { $0 + $1.refusedFrames } }

    /// A WebSocket connection opened with the given query parameters.
    public mutating func open(_ connection: Int, query: [String: String], now: Duration) -> [TransportAction] {
        let request: ConnectionRequest
        do {
            request = try ConnectionRequest(query: query)
        } catch {
            return [
                .send(connection: connection, OutgoingMessage(.error(error))),
                .close(connection: connection, code: 1008, reason: "bad query"),
            ]
        }
        if members.count >= limits.maximumConnections {
            return refuse(
                connection,
                "the server has its maximum of \(limits.maximumConnections) connections; try again later"
            )
        }
        // A link's settings set up the session this connection creates; joining one that exists,
        // the viewer learns which of them the session does not have.
        var report: LinkReport?
        if sessions.index(forKey: request.session) == nil {
            guard sessions.count < limits.maximumSessions else {
                return refuse(
                    connection,
                    "the server has its maximum of \(limits.maximumSessions) sessions; join an existing one"
                )
            }
            let setup = request.link?.creatingSession()
            // Every value was checked against the schema and the engine's rules: the engine takes it.
            sessions[request.session] = try! Session(
                name: request.session,
                clock: request.clock,
                config: setup?.config ?? SessionConfiguration(preset: "banner")!,
                itemCount: setup?.itemCount,
                catalogs: catalogs,
                server: identity,
                now: now
            )
            report = setup?.report
            // A manual clock's frames are all kept in a backlog (a test wants each one); a live clock's may merge.
            audiences[request.session] = Audience(keepsEveryFrame: request.clock == .manual)
        }
        let (client, deliveries, clock) = update(request.session) { session in
            let link =
                report
                ?? request.link?.joining(session.name, config: session.config, itemCount: session.catalog.count)
            let (client, deliveries) = session.join(now: now, link: link)
            return (client, deliveries, session.clock)
        }!
        audiences[request.session]!.add(client: client, connection: connection)
        let rate = clock == .manual ? RateLimiter.manualRate : RateLimiter.liveRate
        members[connection] = Member(
            session: request.session,
            client: client,
            limiter: RateLimiter(rate: rate, now: now)
        )
        var actions = address(deliveries, in: request.session)
        // A replay plays here: the newcomer is told, as the others were when it began, so its page
        // shows the replay and holds its inputs.
        if let playback = playbacks[request.session] {
            let started = ServerMessage.replayStarted(speed: playback.speed, durationMs: playback.duration.milliseconds)
            actions.append(.send(connection: connection, OutgoingMessage(started)))
        }
        return actions
    }

    private func refuse(_ connection: Int, _ reason: String) -> [TransportAction] {
        [
            .send(connection: connection, OutgoingMessage(.error(ProtocolError(.serverFull, reason, ref: nil)))),
            .close(connection: connection, code: 1013, reason: "server full"),
        ]
    }

    /// A complete text message arrived.
    public mutating func receive(_ connection: Int, text: String, now: Duration) -> [TransportAction] {
        guard var member = members[connection] else { return [] }
        switch member.limiter.admit(at: now) {
        case .accept: break
        case .rejectSilently:
            members[connection] = member
            return []
        case .rejectAndWarn:
            members[connection] = member
            let error = ProtocolError(
                .rateLimited,
                "more than \(Int(member.limiter.rate)) messages per second; messages are being dropped",
                ref: nil
            )
            return [.send(connection: connection, OutgoingMessage(.error(error)))]
        }
        members[connection] = member
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(text)
        } catch {
            return [.send(connection: connection, OutgoingMessage(.error(error)))]
        }
        if case .replay(let source, let speed) = message {
            return receiveReplay(source, speed: speed, from: connection, now: now)
        }
        if playbacks[member.session] != nil, message.waitsForPlayback {
            let busy = ProtocolError(
                .gestureBusy,
                "a replay is playing in this session; \(message.typeName) messages are refused until it finishes",
                ref: message.typeName
            )
            return [.send(connection: connection, OutgoingMessage(.error(busy)))]
        }
        let deliveries = update(member.session) { $0.receive(message, from: member.client, now: now) } ?? []
        return address(deliveries, in: member.session)
    }

    /// A binary message arrived: the protocol is text only.
    public mutating func receiveBinary(_ connection: Int) -> [TransportAction] {
        guard members[connection] != nil else { return [] }
        let error = ProtocolError(.badMessage, "binary messages are not part of the protocol; send JSON text", ref: nil)
        return [.send(connection: connection, OutgoingMessage(.error(error)))]
    }

    /// A connection closed, for whatever reason.
    public mutating func close(_ connection: Int, now: Duration) -> [TransportAction] {
        guard let member = members.removeValue(forKey: connection) else { return [] }
        uploadBytes -= member.upload.utf8.count
        audiences[member.session]?.remove(client: member.client)
        let deliveries = update(member.session) { $0.leave(client: member.client, now: now) } ?? []
        return address(deliveries, in: member.session)
    }

    /// Time passed: live sessions step and send what changed; sessions nobody watched for a
    /// minute end.
    public mutating func tick(now: Duration) -> [TransportAction] {
        var result: [TransportAction] = []
        // Iterating over `sessions.keys` while mutating `sessions` would copy every session each tick.
        let linger = limits.sessionLinger
        for name in Array(sessions.keys) {
            if update(name, { $0.hasExpired(at: now, linger: linger) }) ?? true {
                sessions[name] = nil
                audiences[name] = nil
                playbacks[name] = nil
                continue
            }
            if playbacks[name] != nil {
                result += play(name, now: now)
                continue
            }
            result += address(update(name) { $0.tick(now: now) } ?? [], in: name)
        }
        return result
    }

    // MARK: - Live replay

    /// A replay for this connection's session: a part of a recording (the last one starts playing),
    /// or the session's own last gesture.
    private mutating func receiveReplay(
        _ source: ClientMessage.ReplaySource,
        speed: Double,
        from connection: Int,
        now: Duration
    )
        -> [TransportAction]
    {
        guard var member = members[connection] else { return [] }
        func refuse(_ code: ProtocolError.Code, _ reason: String) -> [TransportAction] {
            uploadBytes -= member.upload.utf8.count
            member.upload = ""
            members[connection] = member
            return [.send(connection: connection, OutgoingMessage(.error(ProtocolError(code, reason, ref: "replay"))))]
        }
        if playbacks[member.session] != nil {
            return refuse(.gestureBusy, "a replay is already playing in this session")
        }
        if update(member.session, { $0.isRecording }) == true {
            return refuse(.gestureBusy, "this session is being recorded; stop recording before replaying")
        }
        let recording: Result<Recording, ProtocolError>
        switch source {
        case .lastGesture:
            recording =
                update(member.session) { $0.lastGestureRecording(now: now) }
                ?? .failure(ProtocolError(.invalidValue, "the session is gone", ref: "replay"))
        case .part(let part, let isLast):
            guard member.upload.utf8.count + part.utf8.count <= Recording.maximumBytes else {
                return refuse(.invalidValue, "the recording is larger than \(Recording.maximumBytes) bytes")
            }
            guard uploadBytes + part.utf8.count <= Self.maximumUploadBytes else {
                return refuse(.invalidValue, "the server is receiving too many recordings at once; try again shortly")
            }
            member.upload += part
            uploadBytes += part.utf8.count
            members[connection] = member
            guard isLast else { return [] }
            let text = member.upload
            uploadBytes -= text.utf8.count
            member.upload = ""
            members[connection] = member
            recording = Result { () throws(RecordingError) in try Recording(text: text) }
                .mapError { ProtocolError(.invalidValue, "the recording cannot be played: \($0)", ref: "replay") }
        }
        let loaded: Recording
        switch recording {
        case .success(let success): loaded = success
        case .failure(let refusal): return [.send(connection: connection, OutgoingMessage(.error(refusal)))]
        }
        let playback: Playback
        do {
            playback = try Playback(loaded, speed: speed, now: now)
        } catch {
            return refuse(.invalidValue, "the recording cannot be played: \(error)")
        }
        playbacks[member.session] = playback
        let started = ServerMessage.replayStarted(speed: speed, durationMs: playback.duration.milliseconds)
        return address([.everyone(started)], in: member.session) + play(member.session, now: now)
    }

    /// Plays session `name`'s replay up to `now`; at its end the session's own state comes back.
    private mutating func play(_ name: String, now: Duration) -> [TransportAction] {
        guard var playback = playbacks[name] else { return [] }
        var deliveries: [Delivery]
        do {
            deliveries = try playback.advance(to: now).map(Delivery.everyone)
        } catch {
            let stopped = ProtocolError(.invalidValue, "the replay stopped: \(error)", ref: "replay")
            deliveries = [.everyone(.error(stopped))]
            playback.stop()
        }
        if playback.isFinished {
            playbacks[name] = nil
            deliveries.append(.everyone(.replayFinished))
            deliveries += update(name) { $0.resync(now: now) } ?? []
        } else {
            playbacks[name] = playback
        }
        return address(deliveries, in: name)
    }

    /// The actions that deliver a session's messages to its viewers' connections.
    private func address(_ deliveries: [Delivery], in name: String) -> [TransportAction] {
        guard !deliveries.isEmpty, let audience = audiences[name] else { return [] }
        return audience.address(deliveries)
    }

    /// Runs `body` on session `name` in place (reading a session out of the dictionary would copy
    /// it, and a thousand sessions tick sixty times a second); nil when there is no such session.
    private mutating func update<Result>(_ name: String, _ body: (inout Session) -> Result) -> Result? {
        // Through `values` by index: `sessions[name]!` would move the session out and back (a copy,
        // and then a copy of its engine on the first mutation), and even `sessions[name] != nil`
        // copies it out to compare.
        guard let index = sessions.index(forKey: name) else { return nil }
        return body(&sessions.values[index])
    }
}
