import CarouselABI
import CarouselCore
import PreviewWire

/// What the session's engine goes through, told as the engine module's calls: to the pages that
/// run the engine (`stream`), and to a trace when a test or a replay asks for one.
extension Session {
    /// Starts `engineTrace` from the engine as it is now, which must be new or at rest.
    mutating func startEngineTrace() {
        engineTrace = EngineTrace(startingFrom: engine)
    }

    /// The engine was given `inputs`, in order.
    mutating func noteEngineInputs(_ inputs: [Input]) {
        let calls = inputs.map(EngineCall.applying)
        stream.note(calls)
        engineTrace?.note(calls)
    }

    /// The session replaced its engine with `engine`, new or at rest.
    mutating func noteNewEngine() {
        let calls = EngineCall.making(engine)
        stream.note(calls)
        engineTrace?.note(calls)
    }

    mutating func noteEngineAdvance(by duration: Duration, milliseconds: Double?) {
        stream.noteAdvance(by: duration, milliseconds: milliseconds)
        engineTrace?.noteAdvance(by: duration, milliseconds: milliseconds)
    }

    mutating func noteEngineFrame(_ frame: Frame) {
        engineTrace?.noteFrame(frame, of: engine)
    }

    /// What goes to the pages that follow the stream after a step: the calls not yet sent, and a
    /// start for the pages waiting for one when the session rested. `heartbeat`: a tick, which
    /// sends gathered time on its own once a second of it is there. A live session's changes are
    /// held for `EngineStream.hold` from the first (`releasing` sends them at once).
    mutating func streamDeliveries(heartbeat: Bool = false, releasing: Bool = false) -> [Delivery] {
        // Since the input's own time: a stamped one's, a change's (where the calls stand just after
        // it), or, for an answer that changed nothing, now.
        if streamHeldSince == nil, stream.holdsChanges || streamAnswer != nil {
            streamHeldSince = streamAnswer?.givenAt ?? (stream.holdsChanges ? time - stream.pending : time)
        }
        let due =
            releasing || clock == .manual || streamFollowers.isEmpty
            || streamHeldSince.map { time - $0 >= EngineStream.hold } ?? true
        // A message with a `seq` is answered even when it changed nothing (a page stops predicting
        // it); the answer carries every call before it, as its `time` says where they stand.
        let answering = due && streamAnswer != nil
        let taken = stream.take(
            heartbeat: heartbeat,
            changesDue: due,
            sendsAll: releasing || answering,
            standingBack: time - rewindPoint.time
        )
        var deliveries: [Delivery] = []
        if taken.stopsFollowers { deliveries.append(.stopFollowing) }
        if taken.batch != nil || answering {
            let message = ServerMessage.engine(
                isStart: false,
                time: time - stream.pending,
                calls: taken.batch ?? [],
                input: answering ? streamAnswer : nil,
                changes: taken.changes,
                // Time alone, standing behind the session (the last half second is kept back for
                // inputs on their way): where the session is, for a page's clock.
                now: taken.changes || answering ? nil : time,
                from: taken.changes || answering ? streamHeldSince : nil
            )
            deliveries.append(.followers(message))
            if answering { streamAnswer = nil }
            if taken.changes || answering { streamHeldSince = nil }
        }
        // Where the stream stands is where a stamped input may go back to.
        if stream.pending == .zero { standRewindPoint(at: time) }
        if taken.startsWaiting, let start = stream.sinceRest {
            // The start stands where the stream does, which may be behind the session (`now`).
            let start = ServerMessage.engine(isStart: true, time: time - stream.pending, calls: start, now: time)
            deliveries.append(.waitingFollowers(start))
        }
        return deliveries
    }
}
