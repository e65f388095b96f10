import CarouselCore

/// One shared carousel: its engine, catalog and viewers, and the rules of protocol v1 for them.
/// A pure state machine: it is told the time and returns what to deliver.
struct Session {
    let name: String
    let clock: ClockKind
    /// What a switch of layout without items brings.
    let catalogs: ItemCatalogs
    /// The server process the session lives in, for the welcome.
    let server: ServerIdentity
    /// The preset the session was created with, where a replay starts.
    private let initialPreset: String
    /// What a share link set up beyond the preset, where a replay starts too.
    private let setup: SessionSetup?
    /// The hub time the session was created at: the journal counts from here.
    private let createdAt: Duration
    /// Every step since creation, for recordings.
    private(set) var journal = SessionJournal()
    /// Where the recording in progress started, if one is.
    private var recordingMark: RecordingMark?
    /// Where the latest gesture lies in the journal, for a replay of it.
    private var lastGesture: GestureSpan?
    private(set) var config: SessionConfiguration
    private(set) var catalog: [CatalogItem]
    private(set) var engine: any PagingEngine
    private(set) var viewers: [Int: Viewer] = [:]
    /// When the last viewer left, if nobody watches.
    private(set) var emptySince: Duration?
    private var nextClient = 1
    private var frameSeq = 0
    /// The session's own time: the sum of every step it took.
    private(set) var time = Duration.zero
    /// The hub time the live clock last caught up to.
    private var lastStep: Duration
    /// What viewers last saw, to send a live frame only when something changed.
    private var lastSent: Frame?
    /// The last input applied since the previous frame, named in the next one.
    private var pendingInput: AppliedInput?
    /// Clients already told `gesture_busy` during the current gesture.
    private var toldBusy: Set<Int> = []
    /// Frames refused because a number in them was not finite. The engine is total, so this stays 0
    /// (the property tests and the sequence fuzzer check it); were it not, viewers would get a
    /// fresh engine on the current item instead of `null` positions.
    private(set) var refusedFrames = 0
    /// Clients whose pointer stream is ignored without a word until they lift or press again: they
    /// were told the gesture was busy, or a configuration change ended their drag.
    private var silencedPointers: Set<Int> = []

    /// A session of `config`, showing the catalog of its layout from `catalogs`, cycled to
    /// `itemCount` items when one is given.
    init(
        name: String,
        clock: ClockKind,
        config: SessionConfiguration,
        itemCount: Int? = nil,
        catalogs: ItemCatalogs,
        server: ServerIdentity = ServerIdentity(instance: "replay"),
        now: Duration
    ) throws {
        self.name = name
        self.clock = clock
        self.catalogs = catalogs
        self.server = server
        initialPreset = config.presetName
        let changes = config.changesFromPreset
        setup = changes.isEmpty && itemCount == nil ? nil : SessionSetup(changes: changes, itemCount: itemCount)
        createdAt = now
        self.config = config
        let layoutCatalog = catalogs.catalog(for: config.configuration.layout)
        catalog = itemCount.map { CatalogItem.cycled(layoutCatalog, count: $0) } ?? layoutCatalog
        engine = try makePagingEngine(configuration: config.configuration, items: catalog.map(\.engineItem))
        lastStep = now
        // Nobody watches yet: auto-scroll waits for the first viewer.
        try engine.handle(.visibility(isHidden: true))
    }

    // MARK: - Viewers

    /// Adds a viewer; returns its session-local client id and what to deliver.
    mutating func join(now: Duration, link: LinkReport? = nil) -> (client: Int, deliveries: [Delivery]) {
        catchUp(now)
        let client = nextClient
        nextClient += 1
        viewers[client] = Viewer()
        journal.append(.join(client: client), at: now - createdAt)
        emptySince = nil
        updateVisibility()
        let welcome = ServerMessage.welcome(
            Welcome(
                session: name,
                instance: server.instance,
                worker: server.worker,
                client: client,
                clock: clock,
                viewers: viewers.count,
                recording: recordingMark.map { RecordingStatus(client: $0.client, time: $0.time.milliseconds) },
                link: link,
                config: config,
                items: catalog
            )
        )
        // Everyone gets the new frame (with any events not yet delivered), the newcomer after its welcome.
        let frame = nextFrame()
        lastGesture?.recorded(stepCount: journal.steps.count)
        return (
            client, [.client(client, welcome), .everyone(.frame(frame)), .everyone(viewerList)]
        )
    }

    /// Removes a viewer. A gesture it owned is cancelled, so the carousel settles.
    mutating func leave(client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        guard viewers.removeValue(forKey: client) != nil else { return [] }
        journal.append(.leave(client: client), at: now - createdAt)
        silencedPointers.remove(client)
        toldBusy.remove(client)
        var deliveries: [Delivery] = []
        if engine.activePointerID == client {
            _ = try? engine.handle(.pointer(PointerEvent(.cancel, pointerID: client, x: 0, timestamp: 0)))
            endGestureBookkeeping()
            deliveries.append(.everyone(.frame(nextFrame())))
            lastGesture?.recorded(stepCount: journal.steps.count)
        }
        if viewers.isEmpty { emptySince = now }
        updateVisibility()
        deliveries.append(.everyone(viewerList))
        return deliveries
    }

    /// The most viewers a `viewers` message lists. Every join and leave sends the list to every
    /// viewer, so its size is bounded; a team's preview has far fewer, and `count` is always all.
    static let listedViewerLimit = 64

    /// The `viewers` message: how many watch, and the first of them by client number with their inputs.
    private var viewerList: ServerMessage {
        let listed = viewers.keys.sorted().prefix(Self.listedViewerLimit).map { client in
            ViewerSummary(client: client, input: viewers[client]?.input)
        }
        return .viewers(count: viewers.count, listed: Array(listed))
    }

    /// Whether the session may be dropped: nobody has watched it for `linger`.
    func hasExpired(at now: Duration, linger: Duration) -> Bool {
        guard let emptySince else { return false }
        return now - emptySince >= linger
    }

    /// When the session next needs a `tick`, in hub time: `nil` when letting time pass changes
    /// nothing here; `now` while something moves (or a recording, whose journal keeps the time,
    /// is under way), so ticks run on the frame grid; else when auto-scroll fires or the session
    /// expires. A server with nothing due sleeps.
    func nextTick(now: Duration, linger: Duration) -> Duration? {
        let expiry = emptySince.map { $0 + linger }
        guard clock == .live else { return expiry }
        if isRecording { return now }
        guard let wait = engine.timeUntilChange else { return expiry }
        let change = wait == .zero ? now : lastStep + wait
        return min(change, expiry ?? change)
    }

    // MARK: - Messages

    /// Applies one message from `client`.
    mutating func receive(_ message: ClientMessage, from client: Int, now: Duration) -> [Delivery] {
        switch message {
        case .record(let action):
            catchUp(now)
            return record(action, from: client)
        case .ping, .export, .replay:
            break  // they change nothing, so a replay needs none of them (the hub plays replays)
        default:
            journal.append(.input(client: client, message), at: now - createdAt)
            recordingMark?.bytes += message.json.encoded.utf8.count + 40
        }
        var deliveries = apply(message, from: client, now: now)
        lastGesture?.recorded(stepCount: journal.steps.count)
        if let input = message.pointerType, viewers[client]?.input != input {
            // Every viewer's list says what this one now drags with.
            viewers[client]?.input = input
            deliveries.append(.everyone(viewerList))
        }
        return deliveries + recordingLimitReached()
    }

    private mutating func apply(_ message: ClientMessage, from client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        do {
            switch message {
            case .pointer(let phase, let x, let y, let time, _, _):
                if silencedPointers.contains(client) {
                    switch phase {
                    case .down: silencedPointers.remove(client)
                    case .up, .cancel:
                        silencedPointers.remove(client)
                        return []
                    case .move: return []
                    }
                }
                if let owner = engine.activePointerID, owner != client {
                    silencedPointers.insert(client)
                    guard toldBusy.insert(client).inserted else { return [] }
                    return Self.refusal(
                        for: client,
                        .gestureBusy,
                        "client \(owner) is dragging; pointer messages are ignored until it lifts",
                        ref: "pointer"
                    )
                }
                let event = PointerEvent(phase, pointerID: client, x: x, y: y, timestamp: time)
                switch try engine.handle(.pointer(event)) {
                case .ignored(.pointerNotDown):
                    return Self.refusal(
                        for: client,
                        .invalidValue,
                        "pointer \(phase.rawValue) without a down: ignored",
                        ref: "pointer"
                    )
                case .ignored(.unchanged):
                    return Self.refusal(
                        for: client,
                        .invalidValue,
                        "a second pointer down without an up: ignored",
                        ref: "pointer"
                    )
                default:
                    if engine.activePointerID == nil { endGestureBookkeeping() }
                    if phase == .down, engine.activePointerID == client, !journal.isAbandoned {
                        lastGesture = GestureSpan(start: journal.steps.count - 1)
                    }
                }
            case .command(let command, _):
                if try engine.handle(.command(command)) == .ignored(.pointerIsDown) {
                    return Self.refusal(
                        for: client,
                        .gestureBusy,
                        "a finger is on the carousel; commands wait until it lifts",
                        ref: "command"
                    )
                }
                if case .setAutoScroll = command, config.configuration != engine.configuration {
                    // Switching auto-scroll is a configuration change every viewer's controls show.
                    config.configuration = engine.configuration
                    pendingInput = AppliedInput(client: client, seq: message.seq)
                    return [.everyone(.frame(nextFrame())), .everyone(.config(config, items: catalog))]
                }
            case .configure(let patch, let items, _):
                return try configure(patch: patch, items: items, from: client, seq: message.seq)
            case .visibility(let hidden, _):
                viewers[client]?.isHidden = hidden
                updateVisibility()
            case .advance(let milliseconds, _):
                guard clock == .manual else {
                    return Self.refusal(
                        for: client,
                        .notManualClock,
                        "advance needs a session created with clock=manual; this one is live",
                        ref: "advance"
                    )
                }
                step(by: Duration(milliseconds: milliseconds))
            case .ping(let id):
                return [.client(client, .pong(id: id, time: time.milliseconds))]
            case .export:
                return [.client(client, .export(ConfigurationExport(config)))]
            case .record, .replay:
                return []  // handled by `receive` and the hub, never applied
            }
        } catch let error as ProtocolError {
            // Errors found deep in a value (a catalog's item) name no message; this one is it.
            let named =
                error.ref == nil
                ? ProtocolError(error.code, error.message, ref: message.typeName, field: error.field) : error
            return [.client(client, .error(named))]
        } catch let error as CarouselError {
            let refusal = ProtocolError(
                .invalidValue,
                error.description,
                ref: message.typeName,
                field: error.protocolField
            )
            return [.client(client, .error(refusal))]
        } catch {
            return Self.refusal(for: client, .invalidValue, "\(error)", ref: message.typeName)
        }
        pendingInput = AppliedInput(client: client, seq: message.seq, pointerType: message.pointerType)
        return framesAfterInput()
    }

    private mutating func configure(
        patch: JSONValue?,
        items: ClientMessage.ItemsChange?,
        from client: Int,
        seq: Int?
    ) throws -> [Delivery] {
        let newConfig = try patch.map { patch throws(ProtocolError) in try config.applying(patch) } ?? config
        let layout = newConfig.configuration.layout
        let newCatalog: [CatalogItem]
        switch items {
        case .list(let list)?: newCatalog = try CatalogItem.catalog(from: list)
        case .count(let count)?: newCatalog = CatalogItem.cycled(catalogs.catalog(for: layout), count: count)
        // Switching between banners and the card feed without new items brings that layout's own items.
        case nil: newCatalog = layout == config.configuration.layout ? catalog : catalogs.catalog(for: layout)
        }
        // Both changes land together or not at all.
        var next = engine
        if layout == engine.configuration.layout {
            try next.handle(.configure(newConfig.configuration))
            try next.handle(.replaceItems(newCatalog.map(\.engineItem)))
        } else {
            next = try makePagingEngine(configuration: newConfig.configuration, items: newCatalog.map(\.engineItem))
            let currentID = catalog.indices.contains(engine.currentIndex) ? catalog[engine.currentIndex].id : nil
            if let kept = newCatalog.firstIndex(where: { $0.id == currentID }), kept != 0 {
                try next.handle(.command(.go(to: kept, animated: false)))
            }
            _ = next.takeFrame()
        }
        // A drag that the change ended is over: the rest of that finger's stream is dropped quietly.
        if let owner = engine.activePointerID, next.activePointerID == nil { silencedPointers.insert(owner) }
        engine = next
        config = newConfig
        catalog = newCatalog
        updateVisibility()
        // A drag the change left alone is the same gesture: who was told it is busy stays told.
        if engine.activePointerID == nil { endGestureBookkeeping() }
        pendingInput = AppliedInput(client: client, seq: seq)
        return [.everyone(.config(config, items: catalog)), .everyone(.frame(nextFrame()))]
    }

    /// After a replay played in its place: the session's own configuration and a frame again (its
    /// live clock ran on meanwhile, so a motion under way may have ended). A journal step, so a
    /// later recording's replay sends the same frames.
    mutating func resync(now: Duration) -> [Delivery] {
        catchUp(now)
        journal.append(.resync, at: now - createdAt)
        let frame = nextFrame()
        lastGesture?.recorded(stepCount: journal.steps.count)
        return [.everyone(.config(config, items: catalog)), .everyone(.frame(frame))]
    }

    /// Whether a recording is under way.
    var isRecording: Bool { recordingMark != nil }

    // MARK: - Recording

    /// Where a recording started, who started it, and about how large it has grown as JSON.
    private struct RecordingMark {
        let step: Int
        let time: Duration
        let client: Int
        var bytes: Int
    }

    private mutating func record(_ action: ClientMessage.RecordAction, from client: Int) -> [Delivery] {
        switch action {
        case .start:
            if let mark = recordingMark {
                return Self.refusal(
                    for: client,
                    .invalidValue,
                    "already recording since \(mark.time.milliseconds) ms (started by client \(mark.client)); send stop first",
                    ref: "record"
                )
            }
            guard !journal.isAbandoned else {
                return Self.refusal(
                    for: client,
                    .invalidValue,
                    "this session has taken too many steps (\(SessionJournal.maximumSteps)) or too much data (16 MiB) to be recorded; record in a new session",
                    ref: "record"
                )
            }
            let prefix = recording(startingAt: journal.steps.count).json.encoded.utf8.count
            recordingMark = RecordingMark(step: journal.steps.count, time: time, client: client, bytes: prefix)
            return [.everyone(.recordState(isRecording: true, client: client, time: time.milliseconds))]
        case .stop:
            guard recordingMark != nil else {
                return Self.refusal(
                    for: client,
                    .invalidValue,
                    "record stop without a start: nothing is being recorded",
                    ref: "record"
                )
            }
            return finishRecording(for: client)
        }
    }

    /// Past 10 minutes of session time or 16 MiB, the recording ends: its starter gets an error and
    /// what was recorded.
    private mutating func recordingLimitReached() -> [Delivery] {
        guard let mark = recordingMark,
            time - mark.time > Recording.maximumDuration || mark.bytes > Recording.maximumBytes
        else { return [] }
        let limit = ProtocolError(
            .invalidValue,
            "the recording reached its limit (10 minutes of session time or 16 MiB) and stopped; what was recorded follows",
            ref: "record"
        )
        return [.client(mark.client, .error(limit))] + finishRecording(for: mark.client)
    }

    private mutating func finishRecording(for client: Int) -> [Delivery] {
        guard let mark = recordingMark else { return [] }
        recordingMark = nil
        let recording = recording(startingAt: mark.step)
        return [
            .client(client, .recording(recording.json)),
            .everyone(.recordState(isRecording: false, client: client, time: time.milliseconds)),
        ]
    }

    private func recording(startingAt step: Int, endingBefore end: Int? = nil) -> Recording {
        Recording(
            session: name,
            clock: clock,
            preset: initialPreset,
            setup: setup,
            catalogs: catalogs,
            steps: end.map { Array(journal.steps[..<$0]) } ?? journal.steps,
            start: step
        )
    }

    /// The latest gesture as a recording: from its `down` to the frame that ended its motion (or to
    /// now, while it still moves).
    mutating func lastGestureRecording(now: Duration) -> Result<Recording, ProtocolError> {
        catchUp(now)
        guard !journal.isAbandoned else {
            return .failure(
                ProtocolError(
                    .invalidValue,
                    "this session has taken too many steps (\(SessionJournal.maximumSteps)) or too much data (16 MiB) to replay from; use a new session",
                    ref: "replay"
                )
            )
        }
        guard let gesture = lastGesture else {
            return .failure(
                ProtocolError(
                    .invalidValue,
                    "there is no gesture to replay yet: drag the carousel first",
                    ref: "replay"
                )
            )
        }
        guard engine.activePointerID == nil else {
            return .failure(
                ProtocolError(
                    .gestureBusy,
                    "a finger is on the carousel; replay the gesture once it lifts",
                    ref: "replay"
                )
            )
        }
        return .success(recording(startingAt: gesture.start, endingBefore: gesture.end))
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
        if !viewers.isEmpty {
            let frame = engine.takeFrame()
            if isVisibleChange(frame) { deliveries.append(.everyone(.frame(nextFrame(frame)))) }
        }
        journal.appendTick(at: now - createdAt, sentSomething: !deliveries.isEmpty)
        lastGesture?.recorded(stepCount: journal.steps.count)
        if !deliveries.isEmpty { recordingMark?.bytes += 40 }
        return deliveries + recordingLimitReached()
    }

    /// Every applied input is answered with a frame at once, in either clock.
    private mutating func framesAfterInput() -> [Delivery] {
        [.everyone(.frame(nextFrame()))]
    }

    private func isVisibleChange(_ frame: Frame) -> Bool {
        guard let lastSent else { return true }
        return !frame.events.isEmpty || frame.slots != lastSent.slots || frame.phase != lastSent.phase
            || frame.currentIndex != lastSent.currentIndex || frame.itemCount != lastSent.itemCount
            || frame.autoScroll.state != lastSent.autoScroll.state
            || frame.autoScroll.pauseReasons != lastSent.autoScroll.pauseReasons
    }

    /// The next frame of the session (`frame`, or the engine's, consuming its events).
    private mutating func nextFrame(_ frame: Frame? = nil) -> FrameMessage {
        frameSeq += 1
        var frame = frame ?? engine.takeFrame()
        if frame.nonFiniteField != nil {
            refusedFrames += 1
            frame = restartEngine()
        }
        lastSent = frame
        lastGesture?.sent(frame, fingerIsDown: engine.activePointerID != nil)
        defer { pendingInput = nil }
        return FrameMessage(seq: frameSeq, time: time.milliseconds, frame: frame, input: pendingInput)
    }

    /// A fresh engine at rest on the current item, with the same configuration and items.
    private mutating func restartEngine() -> Frame {
        let index = engine.currentIndex
        if var fresh = try? makePagingEngine(configuration: engine.configuration, items: engine.items) {
            if engine.items.indices.contains(index) { _ = try? fresh.handle(.command(.go(to: index, animated: false))) }
            _ = fresh.takeFrame()
            engine = fresh
            updateVisibility()
        }
        return engine.takeFrame()
    }

    private mutating func endGestureBookkeeping() {
        toldBusy.removeAll()
    }

    /// Auto-scroll pauses while every viewer is hidden (or nobody watches).
    private mutating func updateVisibility() {
        let allHidden = viewers.values.allSatisfy(\.isHidden)
        _ = try? engine.handle(.visibility(isHidden: allHidden))
    }
}

extension Session {
    /// An error for `client` alone: the message is not applied, nothing else is sent.
    static func refusal(for client: Int, _ code: ProtocolError.Code, _ message: String, ref: String) -> [Delivery] {
        [.client(client, .error(ProtocolError(code, message, ref: ref)))]
    }
}
