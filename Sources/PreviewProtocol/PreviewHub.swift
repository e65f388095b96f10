import CarouselCore

/// Protocol v1 as a pure state machine: connections come and go, messages arrive, time passes,
/// and it answers with what the transport should send or close. It never touches a socket or a
/// clock, so every rule is testable in-process.
public struct PreviewHub: Sendable {
    /// The largest text message accepted, in bytes.
    public static let maximumMessageBytes = 16 * 1024

    private var sessions: [String: Session] = [:]
    private var members: [Int: Member] = [:]
    private let defaultItems: [CatalogItem]
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
        /// The session's clock, kept here because the transport asks for every message it queues.
        let clock: ClockKind
        var limiter: RateLimiter
    }

    /// Creates a hub whose new sessions start with `defaultItems`.
    public init(defaultItems: [CatalogItem], limits: Limits = Limits()) {
        self.defaultItems = defaultItems
        self.limits = limits
    }

    /// How many sessions exist (including those outliving their viewers).
    public var sessionCount: Int { sessions.count }

    /// Frames the live sessions refused for a number that was not finite (see `Session`): 0 unless
    /// the engine has a bug, which the property tests and the sequence fuzzer look for.
    public var refusedFrameCount: Int { sessions.values.reduce(0) { $0 + $1.refusedFrames } }

    /// Whether frames of `connection`'s session must all be delivered (manual clock).
    public func keepsEveryFrame(_ connection: Int) -> Bool {
        members[connection]?.clock == .manual
    }

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
        if sessions.index(forKey: request.session) == nil {
            guard sessions.count < limits.maximumSessions else {
                return refuse(
                    connection,
                    "the server has its maximum of \(limits.maximumSessions) sessions; join an existing one"
                )
            }
            let config = SessionConfiguration(preset: request.preset)!
            let catalog = config.configuration.layout == .cards ? BundledItems.catalog(for: .cards) : defaultItems
            sessions[request.session] = try! Session(
                name: request.session,
                clock: request.clock,
                config: config,
                catalog: catalog,
                now: now
            )
        }
        let (client, actions, clock) = update(request.session) { session in
            let (client, deliveries) = session.join(connection: connection, now: now)
            return (client, session.transportActions(for: deliveries), session.clock)
        }!
        let rate = clock == .manual ? RateLimiter.manualRate : RateLimiter.liveRate
        members[connection] = Member(
            session: request.session,
            client: client,
            clock: clock,
            limiter: RateLimiter(rate: rate, now: now)
        )
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
        return update(member.session) { $0.transportActions(for: $0.receive(message, from: member.client, now: now)) }
            ?? []
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
        return update(member.session) { $0.transportActions(for: $0.leave(client: member.client, now: now)) } ?? []
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
                continue
            }
            result += update(name) { $0.transportActions(for: $0.tick(now: now)) } ?? []
        }
        return result
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
