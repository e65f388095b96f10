import CarouselCore
import PreviewHandover
import PreviewRecording
import PreviewWire

/// What each client message does to a session: applied to its engine, membership or gesture
/// ownership, journaled when a replay needs it, answered with a frame or a refusal.
extension Session {
    /// Applies one message from `client`.
    mutating func receive(_ message: ClientMessage, from client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        if message.kind.touchesSession { hasHadInput = true }
        if case .record(let action) = message {
            return recorder.receive(action, from: client, at: time, journal: &journal, origin: origin)
        }
        var released: [Delivery] = []
        if message.seq != nil {
            // An answer names one viewer: another's, held, goes first.
            if let held = streamAnswer, held.client != client { released = streamDeliveries(releasing: true) }
            streamAnswer = AppliedInput(
                client: client,
                seq: message.seq,
                pointerType: message.pointerType,
                isWheel: message.isWheel
            )
        }
        if message.stampedAt != nil { lastStampedInput = time }
        var deliveries =
            message.stampedAt.map { applyStamped(message, at: $0, from: client) } ?? apply(message, from: client)
        if message.stampedAt != nil, streamAnswer?.givenAt == nil { streamAnswer?.givenAt = time }
        if message.kind.isJournaled {
            journal.append(.input(client: client, message), at: now - createdAt)
            checkpointIfAtRest(now: now)
        }
        if let input = message.pointerType, members.noteInput(input, of: client) {
            // Every viewer's list says what this one now drags with.
            deliveries += viewersChanged(now: now)
        }
        return released + deliveries + streamDeliveries()
            + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    mutating func apply(_ message: ClientMessage, from client: Int) -> [Delivery] {
        do {
            switch message {
            case .pointer(let phase, let x, let y, let time, _, _, _):
                switch ownership.admit(phase, from: client, owner: engine.activePointerID) {
                case .apply: break
                case .ignore: return []
                case .busy(let owner): return [.refusal(.gestureBusy(owner: owner), for: client)]
                }
                let event = PointerEvent(phase, pointerID: client, x: x, y: y, timestamp: time)
                switch try handle(.pointer(event)) {
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
            case .wheel(let dx, let dy, let time, _, _):
                // Another viewer's finger owns the carousel: told once per gesture, like a second finger.
                switch ownership.admitWheel(from: client, owner: engine.activePointerID) {
                case .apply: break
                case .ignore: return []
                case .busy(let owner): return [.refusal(.gestureBusy(owner: owner), for: client)]
                }
                let wasAwaiting = engine.isAwaitingWheelGesture
                try handle(.wheel(WheelEvent(deltaX: dx, deltaY: dy, timestamp: time)))
                // A wheel's gesture begins with the event that may begin it (a single notch moves the
                // carousel only once its quiet time ends), so Slow-mo replays it from there.
                if !wasAwaiting, engine.isAwaitingWheelGesture { journal.gestureStarted() }
            case .command(let command, _):
                if try handle(.command(command)) == .ignored(.pointerIsDown) {
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
                step(by: Duration(milliseconds: milliseconds), milliseconds: milliseconds)
            case .ping(let id):
                return [.client(client, .pong(id: id, time: time.milliseconds))]
            case .export:
                // The own items go into the file whichever set shows: a settings file keeps them.
                let own = config.configuration.content == .own || !ownItems.isEmpty ? ownItemsToCopy : nil
                return [
                    .client(
                        client,
                        .export(
                            ConfigurationExport(
                                config,
                                itemCount: catalog.count,
                                ownItems: own,
                                variants: variants.variants,
                                items: HandoverItems(catalog, uploadFormats: media.formats)
                            )
                        )
                    )
                ]
            case .name(let name):
                // Every viewer's list shows the new name; the carousel is not touched. (A live
                // session's `lastStep` is the hub time of this message.)
                return members.rename(client, to: name) ? viewersChanged(now: lastStep) : []
            case .variant(let request):
                return try keep(request, from: client)
            case .record, .replay, .replayControl, .image, .feel, .render:
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

    mutating func configure(
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
            ownItems: ownItems,
            engine: engine,
            catalogs: origin.catalogs
        )
        if let owner = engine.activePointerID, change.engine.activePointerID == nil { ownership.dragEnded(for: owner) }
        // The catalog goes out only when it changed: the viewers hold it, and a card feed's is large.
        let changedItems = change.catalog == catalog ? nil : change.catalog
        engine = change.engine
        if change.madeNewEngine {
            noteNewEngine()
        } else {
            // What Reconfiguration gave the session's engine, in its order.
            noteEngineInputs([.configure(change.config.configuration), .replaceItems(change.catalog.map(\.engineItem))])
        }
        config = change.config
        catalog = change.catalog
        ownItems = change.ownItems
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
        return [.everyone(.config(config, items: catalog, by: nil)), .everyone(.frame(frame))] + streamDeliveries()
            + recorder.limitReached(at: time, journal: journal, origin: origin)
    }
}
