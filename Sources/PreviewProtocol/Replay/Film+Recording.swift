import CarouselCore
import PreviewRecording
import PreviewWire

extension Film {
    /// Runs `recording` on a fresh session, as `Replay.frames` does, and takes a picture every
    /// 20 ms of session time (on the engine's step grid) from the recording's start to its last
    /// step. A picture is the session after every step at or before its instant: the session's
    /// engine, copied and advanced to that instant, which is what a tick there would have drawn,
    /// without touching the run. Throws as a replay does, and when the film would pass
    /// `maximumFrames`.
    public init(recording: Recording) throws(RecordingError) {
        var session = try Replay.freshSession(for: recording)
        var film = FilmCamera()
        for (index, step) in recording.steps.enumerated() {
            let filming = index >= recording.start
            if filming {
                // A live recording starts with its first step; a manual clock's, where it stands.
                if film.next == nil {
                    film.begin(at: session.clock == .live ? Self.sessionTime(after: step, on: session) : session.time)
                }
                try film.shoot(until: Self.sessionTime(after: step, on: session), from: session)
            }
            _ = try Replay.run(step, index: index, on: &session)
            if filming { film.note(step, at: session.time) }
        }
        try film.shoot(through: session.time, from: session)
        let width = film.frames.map(\.viewportWidth).max() ?? 0
        let height = film.frames.map(\.viewportHeight).max() ?? 0
        self.init(frames: film.frames, width: width, height: height)
    }

    /// The session time `step` brings: a live step's, as far past the last as its stamp is; a
    /// manual clock's `advance`, its milliseconds; anything else, none.
    static func sessionTime(after step: SessionJournal.Step, on session: Session) -> Duration {
        switch (session.clock, step.event) {
        case (.live, _): return session.time + max(.zero, step.at - session.lastStep)
        case (.manual, .input(_, .advance(let milliseconds, _))) where milliseconds.isFinite && milliseconds > 0:
            return session.time + Duration(milliseconds: milliseconds)
        default: return session.time
        }
    }
}

/// Takes a film's pictures as a recording runs: which instant is next, where the fingers are.
private struct FilmCamera {
    /// How long a lifted finger stays drawn.
    static let liftShown = Duration.milliseconds(100)

    var frames: [FilmFrame] = []
    /// The next instant to picture, in session time; `nil` before the recording's start.
    private(set) var next: Duration?
    private var start = Duration.zero
    private var fingers: [Int: (x: Double, y: Double, liftedAt: Duration?)] = [:]

    /// Starts at the first instant on the 20 ms grid at or after `time`.
    mutating func begin(at time: Duration) {
        let interval = Film.frameInterval
        let whole = Int64((time / interval).rounded(.up))
        start = time
        next = interval * whole
    }

    /// Pictures every instant before `end` from copies of the session's engine.
    mutating func shoot(until end: Duration, from session: Session) throws(RecordingError) {
        var engine = session.engine
        var at = session.time
        while let instant = next, instant < end {
            if instant > at {
                engine.advance(by: instant - at)
                at = instant
            }
            try take(engine.frame, at: instant, from: session)
        }
    }

    /// Pictures the instant `end` too, if it is one: the last step's.
    mutating func shoot(through end: Duration, from session: Session) throws(RecordingError) {
        try shoot(until: end + .nanoseconds(1), from: session)
    }

    /// Follows the recorded fingers.
    mutating func note(_ step: SessionJournal.Step, at time: Duration) {
        switch step.event {
        case .input(let client, .pointer(let phase, let x, let y, _, _, _, _)):
            switch phase {
            case .down, .move: fingers[client] = (x, y, nil)
            case .up, .cancel: fingers[client] = (x, y, time)
            }
        case .leave(let client): fingers[client] = nil
        default: break
        }
    }

    private mutating func take(_ frame: Frame, at instant: Duration, from session: Session) throws(RecordingError) {
        guard frames.count < Film.maximumFrames else {
            throw RecordingError(
                "it runs longer than a render draws: at most \(Film.maximumFrames) pictures, \(Int(Film.frameInterval.milliseconds * Double(Film.maximumFrames) / 1000)) s at 50 a second"
            )
        }
        let configuration = session.config.configuration
        let catalog = session.catalog
        let slots = frame.slots.compactMap { slot -> FilmSlot? in
            guard let index = slot.itemIndex, catalog.indices.contains(index) else { return nil }
            return FilmSlot(
                x: slot.x,
                y: slot.y,
                width: slot.width,
                height: slot.height,
                scale: slot.scale,
                axis: configuration.axis,
                item: catalog[index]
            )
        }
        let shown = fingers.sorted { $0.key < $1.key }.compactMap { client, finger -> FilmFinger? in
            if let lifted = finger.liftedAt, instant - lifted >= Self.liftShown { return nil }
            return FilmFinger(client: client, x: finger.x, y: finger.y, isLifted: finger.liftedAt != nil)
        }
        frames.append(
            FilmFrame(
                time: instant - start,
                phase: frame.phase,
                viewportWidth: configuration.viewportWidth,
                viewportHeight: configuration.viewportHeight,
                slots: slots,
                fingers: shown,
                look: ItemLook(configuration)
            )
        )
        next = instant + Film.frameInterval
    }
}
