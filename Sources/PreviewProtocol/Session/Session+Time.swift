import CarouselABI
import CarouselCore
import PreviewRecording
import PreviewWire

/// A session's time: catching up with the hub's clock, live ticks, and the frames they send.
extension Session {
    /// Live sessions follow the hub's clock; called before every message and on every tick.
    mutating func catchUp(_ now: Duration) {
        guard clock == .live, now > lastStep else { return }
        runOwedTicks(until: now)
        guard now > lastStep else { return }
        stepPassingRewindGrid(by: now - lastStep)
        lastStep = now
    }

    /// Lets `duration` pass; `milliseconds` is how a manual clock's `advance` said it.
    mutating func step(by duration: Duration, milliseconds: Double? = nil) {
        engine.advance(by: duration)
        noteEngineAdvance(by: duration, milliseconds: milliseconds)
        time += duration
    }

    /// A live tick: a frame only when something visible changed. The frame is built once: taking it
    /// consumes only events, and events are themselves a visible change.
    mutating func tick(now: Duration) -> [Delivery] {
        catchUp(now)
        guard clock == .live else { return [] }
        // While ticks are owed in motion the grid takes the frames: a wake between (held changes
        // coming due, the heartbeat) takes none of its own, as a loop ticking on the grid would not
        // have woken then. At rest the loop would have woken for held changes or a checkpoint as it
        // now does, but not for the time alone.
        let owing = owedTicks != nil && (engine.timeUntilChange == .zero || wakesForTimeAlone)
        let framed = owing ? [] : frameTick(now: now)
        return framed + streamDeliveries(heartbeat: true) + owedViewersList(now: now)
            + recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    /// A tick's frame, journaled, and the checkpoint of a rest: what a tick on the frame grid does,
    /// whether it runs then or is owed (`Session+OwedTicks`).
    mutating func frameTick(now: Duration) -> [Delivery] {
        catchUp(now)
        var deliveries: [Delivery] = []
        if !members.isEmpty {
            let frame = engine.takeFrame()
            noteEngineFrame(frame)
            if frames.isVisibleChange(frame) { deliveries.append(.everyone(.frame(nextFrame(frame)))) }
        }
        journal.appendTick(at: now - createdAt, sentSomething: !deliveries.isEmpty)
        checkpointIfAtRest(now: now)
        return deliveries
    }

    /// The next frame of the session (`frame`, or the engine's, consuming its events). The journal
    /// is told, before the step that sends it is appended: the frame may end the last gesture.
    mutating func nextFrame(_ frame: Frame? = nil) -> FrameMessage {
        var frame = frame ?? takeTracedFrame()
        if frame.nonFiniteField != nil {
            refusedFrames += 1
            if let fresh = engine.restartedAtRest() {
                engine = fresh
                noteNewEngine()
                updateVisibility()
            }
            frame = takeTracedFrame()
        }
        // A wheel's drag holds the content like a finger: its gesture ends only after it lets go.
        journal.sent(frame, fingerIsDown: engine.phase == .dragging)
        return frames.message(for: frame, at: time)
    }

    private mutating func takeTracedFrame() -> Frame {
        let frame = engine.takeFrame()
        noteEngineFrame(frame)
        return frame
    }

    /// Gives the engine `input`: told to a trace whether the engine applies or refuses it (the
    /// module refuses the same), to the pages that follow only when it changed something (every
    /// viewer joining sets the visibility again: a thousand would each send a batch to all).
    @discardableResult
    mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        let call = EngineCall.applying(input)
        engineTrace?.note([call])
        defer { catchUpAfterRewind() }
        let result = try engine.handle(input)
        if result == .applied { stream.note([call]) }
        return result
    }

    /// Auto-scroll pauses while every viewer is hidden (or nobody watches).
    mutating func updateVisibility() {
        _ = try? handle(.visibility(isHidden: members.isEveryoneHidden))
    }
}
