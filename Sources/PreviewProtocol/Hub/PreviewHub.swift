import CarouselCore
import PreviewMedia
import PreviewRecording
import PreviewWire

/// Protocol v1 as a pure state machine: connections come and go, messages arrive, time passes, and it answers with
/// what the transport should send or close, and when it next needs a tick. It never touches a socket or a clock.
public struct PreviewHub: Sendable {
    /// Every session with its playback and connections, by name (not private: the live replay works on it too).
    var sessions: [String: HostedSession] = [:]
    var members: [Int: Member] = [:]
    /// The bytes of recordings being uploaded in parts, across every connection.
    var uploadBytes = 0
    /// The connections of each address beyond loopback (see `Limits.maximumConnectionsPerAddress`).
    var connectionsByAddress: [String: Int] = [:]
    /// When each upload in progress is given up unless its next part arrives, by connection.
    var uploadDeadlines: [Int: Duration] = [:]
    /// The heap every session's journal and replay take, kept up to date by `update` (`PreviewHub+Budget.swift`).
    var journalBytes = 0
    /// How many sessions record now: each holds `recordingReservation` of the budget.
    var recordingCount = 0
    /// Every session's images, stored and charged once by content (bounded by `Limits.media.serverBytes`).
    var mediaStore = MediaStore()
    var imageUploadBytes = 0
    /// When each image upload is given up unless its next part arrives, by connection.
    var imageDeadlines: [Int: Duration] = [:]
    private let catalogs: ItemCatalogs
    let limits: Limits
    /// What a new session is made with when its link does not say otherwise.
    let start: SessionStart
    /// The gesture corpus a `feel` message scores the session's carousel over, with its limits.
    public var feel = FeelService()
    var renderLine = RenderLine()  // the server's renders in turn (`PreviewHub+Render.swift`)
    /// What bounds the loop's time for replays: the work every session together may still do before the next
    /// tick, the session the next tick starts from (`+ReplayWork`), the recordings and images judged off the loop.
    var (replayWorkLeft, replayTurn, recordingsBeingRead, imagesBeingChecked) = (Playback.workPerCall, 0, 0, 0)

    /// Which server process this is, named in every welcome.
    public let identity: ServerIdentity

    /// The worker's name behind a load balancer (`--worker`); `nil` for a server on its own.
    public var worker: String? { identity.worker }

    /// Creates a hub whose new sessions start from `start` (the banner preset unless `serve
    /// --config` gave a settings file), with the catalog of their layout.
    public init(
        catalogs: ItemCatalogs = .bundled,
        limits: Limits = Limits(),
        identity: ServerIdentity = .random(),
        start: SessionStart = .banner
    ) {
        // A settings file's own items, shown, are its layout's catalog (as `--items`); else kept, unseen.
        let shown = start.config.configuration.content == .own ? start.items : nil
        self.catalogs = shown.map { catalogs.with($0, for: start.config.configuration.layout) } ?? catalogs
        self.limits = limits
        self.identity = identity
        self.start = start
    }

    /// A WebSocket connection opened with the given query parameters, from `address` (the peer's,
    /// `nil` for loopback: only addresses beyond it have a quota).
    public mutating func open(
        _ connection: Int,
        query: [String: String],
        address: String? = nil,
        now: Duration
    ) -> HubResponse {
        let request: ConnectionRequest
        do {
            request = try ConnectionRequest(query: query)
        } catch {
            return HubResponse(
                actions: [
                    .send(connection: connection, OutgoingMessage(.error(error))),
                    .close(connection: connection, code: 1008, reason: "bad query"),
                ],
                nextDeadline: nil
            )
        }
        if members.count >= limits.maximumConnections {
            return refuse(
                connection,
                "the server has its maximum of \(limits.maximumConnections) connections; try again later"
            )
        }
        if let address, connectionsByAddress[address, default: 0] >= Limits.maximumConnectionsPerAddress {
            return refuse(
                connection,
                "this address holds its maximum of \(Limits.maximumConnectionsPerAddress) connections; close some first"
            )
        }
        // A link's settings set up the session this connection creates; joining one that exists,
        // the viewer learns which of them the session does not have.
        var report: LinkReport?
        if sessions.index(forKey: request.session) == nil {
            if sessions.count >= limits.maximumSessions { evictEmptySession() }
            guard sessions.count < limits.maximumSessions else {
                return refuse(
                    connection,
                    "the server has its maximum of \(limits.maximumSessions) sessions; join an existing one"
                )
            }
            var setup = request.link?.creatingSession(from: start)
            var created = setup.map { SessionStart(config: $0.config, itemCount: $0.itemCount) } ?? start
            let own = request.link?.ownItemsFrom.map { ownItems(from: $0) }
            if let own, let made = setup { setup?.report = created.taking(own, report: made.report) }
            // Every value was checked against the schema and the engine's rules: the engine takes it.
            var session = try! Session(
                name: request.session,
                clock: request.clock,
                config: created.config,
                itemCount: created.itemCount,
                startItem: setup?.startItem,
                catalogs: catalogs,
                ownItems: try? own?.get(),
                server: identity,
                now: now
            )
            session.variants = VariantShelf(start.variants)  // a `serve --config` file's
            if own == nil, setup == nil, start.config.configuration.content != .own, let kept = start.items {
                session.ownItems = kept  // kept, unseen; their images are the start's (`start.images`)
            }
            for asset in session.media.all { _ = mediaStore.hold(asset, chargedTo: address) }
            report = setup?.report
            // A manual clock's frames wait in a slow reader's queue rather than merge (a test wants
            // each one) until `Outbox.manualBacklog`; a live clock's merge once a reader is behind.
            let audience = Audience(keepsEveryFrame: request.clock == .manual)
            addSession(HostedSession(session: session, audience: audience), named: request.session)
        }
        let start = self.start  // `update` holds `self`: the closure reads a copy
        let (actions, client, clock) = update(request.session) { hosted in
            let link =
                report
                ?? request.link?.joining(
                    hosted.session.name,
                    config: hosted.session.config,
                    itemCount: hosted.session.catalog.count,
                    currentItem: hosted.session.engine.currentIndex,
                    start: start
                )
            let (client, deliveries) = hosted.session.join(now: now, link: link, followsStream: request.followsStream)
            hosted.audience.add(client: client, connection: connection, followsStream: request.followsStream)
            var actions = hosted.address(deliveries)
            // A replay plays here: the newcomer is told, as the others were when it began, so its
            // page shows the replay and holds its inputs.
            if let playback = hosted.playback, let played = hosted.replayPlayed(now: now) {
                let started = ServerMessage.replayStarted(
                    speed: playback.speed,
                    durationMs: playback.duration.milliseconds,
                    playedMs: played.milliseconds
                )
                actions.append(.send(connection: connection, OutgoingMessage(started)))
                if playback.isPaused {
                    let paused = ServerMessage.replayPosition(isPaused: true, playedMs: played.milliseconds, by: nil)
                    actions.append(.send(connection: connection, OutgoingMessage(paused)))
                }
            }
            return (actions, client, hosted.session.clock)
        }!
        let rate = clock == .manual ? RateLimiter.manualRate : RateLimiter.liveRate
        members[connection] = Member(
            session: request.session,
            client: client,
            limiter: RateLimiter(rate: rate, now: now),
            address: address
        )
        if let address { connectionsByAddress[address, default: 0] += 1 }
        return response(actions, in: request.session, now: now)
    }

    private func refuse(_ connection: Int, _ reason: String) -> HubResponse {
        HubResponse(
            actions: [
                .send(connection: connection, OutgoingMessage(.error(ProtocolError(.serverFull, reason, ref: nil)))),
                .close(connection: connection, code: 1013, reason: "server full"),
            ],
            nextDeadline: nil
        )
    }

    /// A complete text message arrived.
    public mutating func receive(_ connection: Int, text: String, now: Duration) -> HubResponse {
        guard let member = members[connection] else { return HubResponse(actions: [], nextDeadline: nil) }
        // Two statements: `response(receive(...))` would read `self` before the message changed it.
        let actions = receive(text, from: connection, now: now)
        return response(actions, in: member.session, now: now)
    }

    /// A connection closed, for whatever reason.
    public mutating func close(_ connection: Int, now: Duration) -> HubResponse {
        guard let member = members.removeValue(forKey: connection) else {
            return HubResponse(actions: [], nextDeadline: nil)
        }
        uploadBytes -= member.upload.utf8.count
        uploadDeadlines[connection] = nil
        imageUploadBytes -= member.image?.declared ?? 0
        imageDeadlines[connection] = nil
        if let address = member.address {
            let remaining = connectionsByAddress[address, default: 1] - 1
            connectionsByAddress[address] = remaining > 0 ? remaining : nil
        }
        let left = update(member.session) { $0.leave(client: member.client, now: now) } ?? []
        return response(left + withdrawRenders(of: connection), in: member.session, now: now)
    }

    /// `actions`, with when session `name` (the one they concern) next needs a tick; a step past the
    /// budget for recordings first drops what it must (its errors go out too).
    mutating func response(_ actions: [TransportAction], in name: String, now: Duration) -> HubResponse {
        let actions = actions + keepWithinBudget()
        // Read in place through the index: `sessions[name]` would copy the session out (see `update`).
        let deadline = sessions.index(forKey: name).flatMap { index in
            sessions.values[index].nextTick(now: now, linger: limits.sessionLinger, frameInterval: limits.frameInterval)
        }
        let uploads = Self.earlier(uploadDeadlines.values.min(), imageDeadlines.values.min())
        return HubResponse(actions: actions, nextDeadline: Self.earlier(deadline, uploads))
    }

}
