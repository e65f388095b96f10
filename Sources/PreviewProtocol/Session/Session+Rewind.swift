import CarouselCore
import PreviewWire

/// The engine where the engine stream last stood, and the session time it stood at; only time
/// passed since where the stream stands. `framesSent`: how many frames the session had sent then.
struct RewindPoint: Sendable {
    var engine: Engine
    var time: Duration
    var framesSent = 0
}

/// A page that runs the engine applies its own finger at once, at the session time it draws, and
/// says that time with the message (`at`). The message reaches the session a network's delay later;
/// when nothing but time happened to the engine since `at` (the stream stands at or before it), the
/// session gives the input there: from the engine where the stream stood, time up to `at`, the
/// input, time up to now. So the page's engine and the session's agree to the bit. When the stream
/// stands after `at` (another input came between, or the session rested) it is given where the
/// stream stands; when that is past `longestRewind`, or `at` is ahead of the session, now, as an
/// unstamped one. Either way the page redraws from the stream. Deterministic: a recording keeps
/// `at`, and its replay goes back the same way.
extension Session {
    /// How far back a stamped input may go (a network's delay, many times over): the rewind point
    /// may stand up to three grid steps back (an input, then time up to the second grid stop after).
    static let longestRewind = Duration.seconds(2)
    /// How long into a rest a stamped input on its way may still go back before it: a page draws at
    /// most about half a second behind (sessionclock.js), so a second, twice over. The checkpoint of
    /// the rest waits that long (`checkpointPutOff`), and the pages waiting for a start with it.
    static let restKeptOpen = Duration.seconds(1)
    /// While only time passes, the rewind point is kept at most this far behind the session, and at
    /// least half of it: more than a page that runs the engine draws behind (its clock keeps at most
    /// 400 ms behind the least-delayed message, sessionclock.js), so its finger goes in at its time
    /// when nothing came between, however uneven the network or the page's machine.
    static let rewindPointKept = Duration.seconds(1)
    /// While only time passes, the engine stops at every multiple of this in session time, and the
    /// stop before the latest is the rewind point: between one and two of these behind the session,
    /// however often it is touched (each touch steps a little; a point moved only by a long step
    /// stayed where the stream last stood while a motion's sixty ticks a second went by). On session
    /// time, not on when touches came, so a recording's replay keeps the same points.
    static let rewindGrid = rewindPointKept / 2

    /// Lets `duration` pass, stopping the engine at the last two grid times on the way.
    mutating func stepPassingRewindGrid(by duration: Duration) {
        let grid = Self.rewindGrid.nanosecondCount
        let latest = Duration.nanoseconds((time + duration).nanosecondCount / grid * grid)
        var left = duration
        for stop in [latest - Self.rewindGrid, latest] where stop > time {
            left -= stop - time
            step(by: stop - time)
            // Every change drops the stop before it (`standRewindPoint`): only time came since.
            if let stopped = rewindStop, stopped.time > rewindPoint.time { rewindPoint = stopped }
            rewindStop = RewindPoint(engine: engine, time: time, framesSent: frames.sentCount)
        }
        step(by: left)
    }

    /// The session time the once-a-second time goes at while only time passes: once a second of
    /// it is gathered before the rewind point (`EngineStream.take`), which stands on the grid, so a
    /// grid step after the first stop a second past where the stream stands.
    var nextHeartbeat: Duration {
        let grid = Self.rewindGrid.nanosecondCount
        let due = (time - stream.pending + EngineStream.heartbeat).nanosecondCount
        return .nanoseconds((due + grid - 1) / grid * grid) + Self.rewindGrid
    }

    /// The stream stands at `time` with the engine as it is there (a change, time sent, a
    /// checkpoint): a stamped input goes back no further, and a grid stop before it is dropped.
    mutating func standRewindPoint(at time: Duration) {
        rewindPoint = RewindPoint(engine: engine, time: time, framesSent: frames.sentCount)
        rewindStop = nil
    }

    /// Gives `message` (a stamped pointer or wheel message from `client`) at its time when it may,
    /// else now; what `apply` answers.
    mutating func applyStamped(_ message: ClientMessage, at milliseconds: Double, from client: Int) -> [Delivery] {
        // Checked in milliseconds first: `at` may be as large as 1e15, whose nanoseconds no Int64 holds.
        // The re-run is bounded too: from where the stream stood, at most `longestRewind` of steps.
        guard clock == .live, milliseconds < time.milliseconds, time - rewindPoint.time <= Self.longestRewind else {
            return apply(message, from: client)
        }
        // Not before where the stream stands: an input stamped earlier (another came between, or the
        // session rested) goes in there, the earliest it still can. Its page redraws once, and its
        // next inputs, stamped from its drawn time, are not pushed later and later with it.
        let target = max(Duration.nanoseconds(Int64((milliseconds * 1e6).rounded())), rewindPoint.time)
        guard target < time else { return apply(message, from: client) }
        let later = time - target
        engine = rewindPoint.engine
        engine.advance(by: target - rewindPoint.time)
        engineTrace?.noteRewind()
        stream.holdBack(later)
        rewound = later
        streamAnswer?.givenAt = target
        let deliveries = apply(message, from: client)
        // Refused before the engine saw it (another finger owns the drag): back to now all the same.
        catchUpAfterRewind()
        return deliveries
    }

    /// After the input went in at its time: the engine lets the time since pass again (before any
    /// frame is taken), and the stream gathers it again.
    mutating func catchUpAfterRewind() {
        guard let later = rewound else { return }
        rewound = nil
        // The stream now stands just after the input: the next stamped input goes back to here.
        if stream.pending == .zero { standRewindPoint(at: time - later) } else { rewindStop = nil }
        engine.advance(by: later)
        stream.giveBack(later)
    }
}
