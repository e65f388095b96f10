import CarouselCore

/// One shared carousel: its engine, catalog and viewers, and the rules of protocol v1 for them.
/// A pure state machine: it is told the time and returns what to deliver. It wires parts that
/// each keep one concern: who watches (`SessionMembership`), whose finger owns the drag
/// (`GestureOwnership`), the frames sent (`FrameStream`), a `configure` (`Reconfiguration`),
/// recording (`SessionRecorder`), and every step taken with the last gesture (`SessionJournal`).
struct Session {
    /// What the session started from: its name, clock, preset, link setup and catalogs.
    let origin: SessionOrigin
    /// The server process the session lives in, for the welcome.
    let server: ServerIdentity
    /// The hub time the session was created at: the journal counts from here.
    private let createdAt: Duration
    /// Every step since the latest checkpoint, for recordings and the replay of the last gesture.
    private(set) var journal: SessionJournal
    private var recorder = SessionRecorder()
    private(set) var members = SessionMembership()
    private var ownership = GestureOwnership()
    private var frames = FrameStream()
    private(set) var config: SessionConfiguration
    private(set) var catalog: [CatalogItem]
    private(set) var engine: any PagingEngine
    /// The session's own time: the sum of every step it took.
    private(set) var time = Duration.zero
    /// The hub time the live clock last caught up to.
    private var lastStep: Duration
    /// Frames refused because a number in them was not finite. The engine is total, so this stays 0
    /// (the property tests and the sequence fuzzer check it); were it not, viewers would get a
    /// fresh engine on the current item instead of `null` positions.
    private(set) var refusedFrames = 0
    /// A recording plays in the session's place: no checkpoint is written meanwhile, so the
    /// journal's next one shows the session's own state after the replay's `resync`.
    var isShowingReplay = false

    var name: String { origin.name }
    var clock: ClockKind { origin.clock }

    /// A session of `config`, showing the catalog of its layout from `catalogs`, cycled to
    /// `itemCount` items when one is given, at rest on `startItem` (the last item when it has
    /// fewer) or the first.
    init(
        name: String,
        clock: ClockKind,
        config: SessionConfiguration,
        itemCount: Int? = nil,
        startItem: Int? = nil,
        catalogs: ItemCatalogs,
        server: ServerIdentity = ServerIdentity(instance: "replay"),
        now: Duration
    ) throws {
        let changes = config.changesFromPreset
        origin = SessionOrigin(
            name: name,
            clock: clock,
            preset: config.presetName,
            setup: changes.isEmpty && itemCount == nil && startItem == nil
                ? nil : SessionSetup(changes: changes, itemCount: itemCount, startItem: startItem),
            catalogs: catalogs
        )
        self.server = server
        createdAt = now
        self.config = config
        let layoutCatalog = catalogs.catalog(for: config.configuration.layout)
        catalog = itemCount.map { CatalogItem.cycled(layoutCatalog, count: $0) } ?? layoutCatalog
        engine = try makePagingEngine(configuration: config.configuration, items: catalog.map(\.engineItem))
        if let startItem, !catalog.isEmpty {
            try engine.handle(.command(.go(to: min(startItem, catalog.count - 1), animated: false)))
            // The session starts there: it did not move there, so its first frame tells of no change.
            _ = engine.takeFrame()
        }
        lastStep = now
        // Nobody watches yet: auto-scroll waits for the first viewer.
        try engine.handle(.visibility(isHidden: true))
        journal = SessionJournal(
            base: SessionCheckpoint(
                at: .zero,
                time: .zero,
                seq: 0,
                config: config,
                items: catalog,
                engine: engine.restState!,
                viewers: [],
                quietClients: [],
                nextClient: 1
            )
        )
    }

    /// A session restored from `checkpoint`, created at 0 (a recording's steps count from their
    /// checkpoint): it sends what the session that wrote the checkpoint sent after it.
    /// - Throws: `RecordingError` when no session could have written the checkpoint.
    init(
        restoring checkpoint: SessionCheckpoint,
        name: String,
        clock: ClockKind,
        catalogs: ItemCatalogs
    ) throws(RecordingError) {
        origin = SessionOrigin(
            name: name,
            clock: clock,
            preset: checkpoint.config.presetName,
            setup: nil,
            catalogs: catalogs
        )
        server = ServerIdentity(instance: "replay")
        createdAt = .zero
        lastStep = .zero
        config = checkpoint.config
        catalog = checkpoint.items
        do {
            engine = try makePagingEngine(
                configuration: config.configuration,
                items: catalog.map(\.engineItem),
                restingAt: checkpoint.engine
            )
        } catch {
            throw RecordingError("\"checkpoint.engine\" is not a rest of this carousel: \(error)")
        }
        members = SessionMembership(restoring: checkpoint.viewers, nextClient: checkpoint.nextClient)
        guard checkpoint.engine.isHidden == members.isEveryoneHidden else {
            throw RecordingError("\"checkpoint.engine.hidden\" must be true exactly when no viewer shows the carousel")
        }
        ownership = GestureOwnership(quiet: checkpoint.quietClients)
        frames = FrameStream(seq: checkpoint.seq, shown: engine.frame)
        time = checkpoint.time
        var base = checkpoint
        base.at = .zero
        journal = SessionJournal(base: base)
    }

    /// The session written down whole, when it rests: no finger, no motion, nothing unsent, no
    /// recording or replay under way, the last gesture's motion over. `nil` otherwise.
    private func checkpoint(now: Duration) -> SessionCheckpoint? {
        guard !isRecording, !isShowingReplay, journal.acceptsCheckpoint, ownership.isBetweenGestures,
            let rest = engine.restState, frames.hasShown(engine.frame)
        else { return nil }
        return SessionCheckpoint(
            // A live session's steps catch up from its last step: the checkpoint is that moment.
            at: (clock == .live ? lastStep : max(now, createdAt)) - createdAt,
            time: time,
            seq: frames.sentCount,
            config: config,
            items: catalog,
            engine: rest,
            viewers: members.watchers,
            quietClients: ownership.quietClients,
            nextClient: members.nextClientNumber
        )
    }

    /// After a step: a session at rest starts its journal again from a checkpoint.
    private mutating func checkpointIfAtRest(now: Duration) {
        guard !journal.steps.isEmpty || journal.isAbandoned, let checkpoint = checkpoint(now: now) else { return }
        journal.restart(from: checkpoint)
    }

    // MARK: - Viewers

    /// Adds a viewer; returns its session-local client id and what to deliver.
    mutating func join(now: Duration, link: LinkReport? = nil) -> (client: Int, deliveries: [Delivery]) {
        catchUp(now)
        let client = members.add()
        updateVisibility()
        let welcome = ServerMessage.welcome(
            Welcome(
                session: name,
                instance: server.instance,
                worker: server.worker,
                client: client,
                clock: clock,
                viewers: members.count,
                recording: recorder.status,
                link: link,
                config: config,
                items: catalog
            )
        )
        // Everyone gets the new frame (with any events not yet delivered), the newcomer after its welcome.
        let frame = nextFrame()
        journal.append(.join(client: client), at: now - createdAt)
        checkpointIfAtRest(now: now)
        return (
            client,
            [.client(client, welcome), .everyone(.frame(frame)), .everyone(members.list)]
                + recorder.limitReached(at: time, journal: journal, origin: origin)
        )
    }

    /// Removes a viewer. A gesture it owned is cancelled, so the carousel settles.
    mutating func leave(client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        guard members.remove(client, now: now) else { return [] }
        ownership.forget(client)
        var deliveries: [Delivery] = []
        if engine.activePointerID == client {
            _ = try? engine.handle(.pointer(PointerEvent(.cancel, pointerID: client, x: 0, timestamp: 0)))
            ownership.gestureEnded()
            deliveries.append(.everyone(.frame(nextFrame())))
        }
        journal.append(.leave(client: client), at: now - createdAt)
        updateVisibility()
        deliveries.append(.everyone(members.list))
        checkpointIfAtRest(now: now)
        return deliveries + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    /// Whether a viewer ever touched the carousel (dragged, scrolled, pressed a control, changed
    /// the configuration, recorded or replayed): a session nobody touched holds nothing to return to.
    private(set) var hasHadInput = false

    /// Notes an input the hub handles itself (a replay), which touches the session as any does.
    mutating func noteTouched() {
        hasHadInput = true
    }

    /// How long a session nobody touched outlives its last viewer, whatever the server's linger:
    /// long enough for a page to reload into it, too short for connect-and-leave to fill the table.
    static let untouchedLinger = Duration.seconds(5)

    /// How long the session outlives its last viewer, given the server's `linger`.
    func linger(_ linger: Duration) -> Duration {
        hasHadInput ? linger : min(linger, Self.untouchedLinger)
    }

    /// Since when nobody watches; `nil` while someone does.
    var emptySince: Duration? { members.emptySince }

    /// Whether the session may be dropped: nobody has watched it for its linger (see `linger(_:)`).
    func hasExpired(at now: Duration, linger: Duration) -> Bool {
        guard let expiry = members.expiry(linger: self.linger(linger)) else { return false }
        return now >= expiry
    }

    /// When the session next needs a `tick`, in hub time: `nil` when letting time pass changes
    /// nothing here; `now` while something moves (or a recording, whose journal keeps the time,
    /// is under way), so ticks run on the frame grid; else when auto-scroll fires or the session
    /// expires. A server with nothing due sleeps.
    func nextTick(now: Duration, linger: Duration) -> Duration? {
        let expiry = members.expiry(linger: self.linger(linger))
        guard clock == .live else { return expiry }
        if isRecording { return now }
        guard let wait = engine.timeUntilChange else { return expiry }
        let change = wait == .zero ? now : lastStep + wait
        return min(change, expiry ?? change)
    }

    // MARK: - Messages

    /// Applies one message from `client`.
    mutating func receive(_ message: ClientMessage, from client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        switch message {
        case .pointer, .wheel, .command, .configure, .advance, .record, .replay: hasHadInput = true
        case .visibility, .ping, .export, .stopReplay, .name: break  // a page sends these by itself
        }
        if case .record(let action) = message {
            return recorder.receive(action, from: client, at: time, journal: &journal, origin: origin)
        }
        var deliveries = apply(message, from: client)
        switch message {
        case .ping, .export, .replay, .stopReplay, .record, .name:
            break  // they change nothing, so a replay needs none of them (the hub plays replays)
        case .pointer, .wheel, .command, .configure, .visibility, .advance:
            journal.append(.input(client: client, message), at: now - createdAt)
            checkpointIfAtRest(now: now)
        }
        if let input = message.pointerType, members.noteInput(input, of: client) {
            // Every viewer's list says what this one now drags with.
            deliveries.append(.everyone(members.list))
        }
        return deliveries + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    private mutating func apply(_ message: ClientMessage, from client: Int) -> [Delivery] {
        do {
            switch message {
            case .pointer(let phase, let x, let y, let time, _, _):
                switch ownership.admit(phase, from: client, owner: engine.activePointerID) {
                case .apply: break
                case .ignore: return []
                case .busy(let owner): return [.refusal(.gestureBusy(owner: owner), for: client)]
                }
                let event = PointerEvent(phase, pointerID: client, x: x, y: y, timestamp: time)
                switch try engine.handle(.pointer(event)) {
                case .ignored(.pointerNotDown): return [.refusal(.pointerWithoutDown(phase), for: client)]
                case .ignored(.unchanged): return [.refusal(.secondPointerDown, for: client)]
                default:
                    if engine.activePointerID == nil { ownership.gestureEnded() }
                    switch phase {
                    case .down where engine.activePointerID == client: journal.gestureStarted()
                    case .cancel: journal.gestureCancelled()
                    default: break
                    }
                }
            case .wheel(let dx, let dy, let time, _):
                // Another viewer's finger owns the carousel: told once per gesture, like a second finger.
                switch ownership.admitWheel(from: client, owner: engine.activePointerID) {
                case .apply: break
                case .ignore: return []
                case .busy(let owner): return [.refusal(.gestureBusy(owner: owner), for: client)]
                }
                let wasAwaiting = engine.isAwaitingWheelGesture
                try engine.handle(.wheel(WheelEvent(deltaX: dx, deltaY: dy, timestamp: time)))
                // A wheel's gesture begins with the event that may begin it (a single notch moves the
                // carousel only once its quiet time ends), so Slow-mo replays it from there.
                if !wasAwaiting, engine.isAwaitingWheelGesture { journal.gestureStarted() }
            case .command(let command, _):
                if try engine.handle(.command(command)) == .ignored(.pointerIsDown) {
                    return [.refusal(.commandWhileDragging, for: client)]
                }
                if case .setAutoScroll = command, config.configuration != engine.configuration {
                    // Switching auto-scroll is a configuration change every viewer's controls show.
                    config.configuration = engine.configuration
                    frames.answer(AppliedInput(client: client, seq: message.seq))
                    return [.everyone(.frame(nextFrame())), .everyone(.config(config, items: nil, by: client))]
                }
            case .configure(let patch, let items, _):
                return try configure(patch: patch, items: items, from: client, seq: message.seq)
            case .visibility(let hidden, _):
                members.setHidden(hidden, for: client)
                updateVisibility()
            case .advance(let milliseconds, _):
                guard clock == .manual else { return [.refusal(.advanceOnLiveClock, for: client)] }
                step(by: Duration(milliseconds: milliseconds))
            case .ping(let id):
                return [.client(client, .pong(id: id, time: time.milliseconds))]
            case .export:
                return [.client(client, .export(ConfigurationExport(config, itemCount: catalog.count)))]
            case .name(let name):
                // Every viewer's list shows the new name; the carousel is not touched.
                return members.rename(client, to: name) ? [.everyone(members.list)] : []
            case .record, .replay, .stopReplay:
                return []  // handled by `receive` and the hub, never applied
            }
        } catch {
            return [.client(client, .error(SessionRefusal.error(error, applying: message)))]
        }
        // Every applied input is answered with a frame at once, in either clock.
        frames.answer(
            AppliedInput(client: client, seq: message.seq, pointerType: message.pointerType, isWheel: message.isWheel)
        )
        return [.everyone(.frame(nextFrame()))]
    }

    private mutating func configure(
        patch: JSONValue?,
        items: ClientMessage.ItemsChange?,
        from client: Int,
        seq: Int?
    ) throws -> [Delivery] {
        let change = try Reconfiguration(
            patch: patch,
            items: items,
            config: config,
            catalog: catalog,
            engine: engine,
            catalogs: origin.catalogs
        )
        if let owner = engine.activePointerID, change.engine.activePointerID == nil { ownership.dragEnded(for: owner) }
        // The catalog goes out only when it changed: the viewers hold it, and a card feed's is large.
        let changedItems = change.catalog == catalog ? nil : change.catalog
        engine = change.engine
        config = change.config
        catalog = change.catalog
        updateVisibility()
        // A drag the change left alone is the same gesture: who was told it is busy stays told.
        if engine.activePointerID == nil { ownership.gestureEnded() }
        frames.answer(AppliedInput(client: client, seq: seq))
        return [.everyone(.config(config, items: changedItems, by: client)), .everyone(.frame(nextFrame()))]
    }

    /// After a replay played in its place: the session's own configuration and a frame again (its
    /// live clock ran on meanwhile, so a motion under way may have ended). A journal step, so a
    /// later recording's replay sends the same frames.
    mutating func resync(now: Duration) -> [Delivery] {
        catchUp(now)
        let frame = nextFrame()
        journal.append(.resync, at: now - createdAt)
        checkpointIfAtRest(now: now)
        return [.everyone(.config(config, items: catalog, by: nil)), .everyone(.frame(frame))]
            + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    // MARK: - Recording

    /// Whether a recording is under way.
    var isRecording: Bool { recorder.isRecording }

    /// Lets go of the journal for `reason` (the server's budget, or a live replay's session that is
    /// never recorded): a recording under way ends, and its starter is told why.
    mutating func dropJournal(_ reason: JournalDrop) -> [Delivery] {
        journal.drop(reason)
        return recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    /// The latest gesture as a recording: from its `down` to the frame that ended its motion (or to
    /// now, while it still moves).
    mutating func lastGestureRecording(now: Duration) -> Result<Recording, ProtocolError> {
        catchUp(now)
        if let reason = journal.dropReason { return .failure(SessionRefusal.journalDroppedForReplay(reason).error) }
        guard let gesture = journal.lastGestureExcerpt else { return .failure(SessionRefusal.noGestureYet.error) }
        guard engine.activePointerID == nil else { return .failure(SessionRefusal.replayWhileDragging.error) }
        return .success(origin.recording(of: gesture))
    }

    // MARK: - Time and frames

    /// Live sessions follow the hub's clock; called before every message and on every tick.
    private mutating func catchUp(_ now: Duration) {
        guard clock == .live, now > lastStep else { return }
        step(by: now - lastStep)
        lastStep = now
    }

    private mutating func step(by duration: Duration) {
        engine.advance(by: duration)
        time += duration
    }

    /// A live tick: a frame only when something visible changed. The frame is built once: taking it
    /// consumes only events, and events are themselves a visible change.
    mutating func tick(now: Duration) -> [Delivery] {
        catchUp(now)
        guard clock == .live else { return [] }
        var deliveries: [Delivery] = []
        if !members.isEmpty {
            let frame = engine.takeFrame()
            if frames.isVisibleChange(frame) { deliveries.append(.everyone(.frame(nextFrame(frame)))) }
        }
        journal.appendTick(at: now - createdAt, sentSomething: !deliveries.isEmpty)
        checkpointIfAtRest(now: now)
        return deliveries + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    /// The next frame of the session (`frame`, or the engine's, consuming its events). The journal
    /// is told, before the step that sends it is appended: the frame may end the last gesture.
    private mutating func nextFrame(_ frame: Frame? = nil) -> FrameMessage {
        var frame = frame ?? engine.takeFrame()
        if frame.nonFiniteField != nil {
            refusedFrames += 1
            if let fresh = engine.restartedAtRest() {
                engine = fresh
                updateVisibility()
            }
            frame = engine.takeFrame()
        }
        // A wheel's drag holds the content like a finger: its gesture ends only after it lets go.
        journal.sent(frame, fingerIsDown: engine.phase == .dragging)
        return frames.message(for: frame, at: time)
    }

    /// Auto-scroll pauses while every viewer is hidden (or nobody watches).
    private mutating func updateVisibility() {
        _ = try? engine.handle(.visibility(isHidden: members.isEveryoneHidden))
    }
}
