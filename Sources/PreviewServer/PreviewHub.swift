import CarouselCore

/// Protocol v1 as a pure state machine: connections come and go, messages arrive, time passes,
/// and it answers with what the transport should send or close. It never touches a socket or a
/// clock, so every rule is testable in-process.
public struct PreviewHub: Sendable {
    /// The largest text message accepted, in bytes.
    public static let maximumMessageBytes = 16 * 1024

    private var sessions: [String: Session] = [:]
    private var members: [Int: Member] = [:]
    private let defaultItems: [BannerItem]
    private let limits: Limits

    /// How much the hub takes on.
    public struct Limits: Sendable {
        public var maximumConnections: Int
        public var maximumSessions: Int
        /// How long a session outlives its last viewer.
        public var sessionLinger: Duration

        public init(maximumConnections: Int = 1024, maximumSessions: Int = 256, sessionLinger: Duration = .seconds(60)) {
            self.maximumConnections = maximumConnections
            self.maximumSessions = maximumSessions
            self.sessionLinger = sessionLinger
        }
    }

    private struct Member: Sendable {
        let session: String
        let client: Int
        var limiter: RateLimiter
    }

    /// Creates a hub whose new sessions start with `defaultItems`.
    public init(defaultItems: [BannerItem], limits: Limits = Limits()) {
        self.defaultItems = defaultItems
        self.limits = limits
    }

    /// How many sessions exist (including those outliving their viewers).
    public var sessionCount: Int { sessions.count }

    /// Whether frames of `connection`'s session must all be delivered (manual clock).
    public func keepsEveryFrame(_ connection: Int) -> Bool {
        guard let member = members[connection] else { return false }
        return sessions[member.session]?.clock == .manual
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
            return refuse(connection, "the server has its maximum of \(limits.maximumConnections) connections; try again later")
        }
        if sessions[request.session] == nil {
            guard sessions.count < limits.maximumSessions else {
                return refuse(connection, "the server has its maximum of \(limits.maximumSessions) sessions; join an existing one")
            }
            let config = ConfigurationJSON(preset: request.preset)!
            let catalog = config.configuration.layout == .cards ? BundledItems.catalog(for: .cards) : defaultItems
            sessions[request.session] = try! Session(
                name: request.session, clock: request.clock, config: config, catalog: catalog, now: now
            )
        }
        let (client, deliveries) = sessions[request.session]!.join(connection: connection, now: now)
        let rate = sessions[request.session]!.clock == .manual ? RateLimiter.manualRate : RateLimiter.liveRate
        members[connection] = Member(session: request.session, client: client, limiter: RateLimiter(rate: rate, now: now))
        return actions(for: deliveries, in: request.session)
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
                .rateLimited, "more than \(Int(member.limiter.rate)) messages per second; messages are being dropped", ref: nil
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
        let deliveries = sessions[member.session]!.receive(message, from: member.client, now: now)
        return actions(for: deliveries, in: member.session)
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
        let deliveries = sessions[member.session]?.leave(client: member.client, now: now) ?? []
        return actions(for: deliveries, in: member.session)
    }

    /// Time passed: live sessions step and send what changed; sessions nobody watched for a
    /// minute end.
    public mutating func tick(now: Duration) -> [TransportAction] {
        var result: [TransportAction] = []
        // Iterating over `sessions.keys` while mutating `sessions` would copy every session each tick.
        for name in Array(sessions.keys) {
            if sessions[name]!.hasExpired(at: now, linger: limits.sessionLinger) {
                sessions[name] = nil
                continue
            }
            let deliveries = sessions[name]!.tick(now: now)
            if !deliveries.isEmpty { result += actions(for: deliveries, in: name) }
        }
        return result
    }

    private func actions(for deliveries: [Delivery], in sessionName: String) -> [TransportAction] {
        guard let session = sessions[sessionName] else { return [] }
        var result: [TransportAction] = []
        for delivery in deliveries {
            switch delivery {
            case .everyone(let message):
                let outgoing = OutgoingMessage(message)
                for viewer in session.viewers.values.sorted(by: { $0.connection < $1.connection }) {
                    result.append(.send(connection: viewer.connection, outgoing))
                }
            case .client(let client, let message):
                if let viewer = session.viewers[client] {
                    result.append(.send(connection: viewer.connection, OutgoingMessage(message)))
                }
            }
        }
        return result
    }
}
