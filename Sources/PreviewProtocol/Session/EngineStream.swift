import CarouselABI
import CarouselCore

/// What a session sends the viewers whose pages run the engine (`engine=stream`), in place of its
/// frames: the calls its engine goes through, as one batch record (`EngineCallBatch`) per change.
/// A live clock's time goes in whole nanoseconds, gathered into one advance before the next call
/// (the engine steps the same in one piece or several), so a settle or an auto-scroll costs one
/// message, not one per frame. A page joining gets the calls since the session last rested: an
/// engine made at that rest, then everything since, so its engine is the session's to the bit.
struct EngineStream: Sendable {
    /// The most the calls since the last rest may take: past it they are let go, and a page joining
    /// gets frames until the session next rests (a finger held on the carousel for minutes).
    static let maximumBytes = 1 << 20
    /// A live clock's time is sent on its own at most this often, so a page's own engine is never
    /// far behind the session's (a page that must go back re-runs from there).
    static let heartbeat = Duration.seconds(1)
    /// A live session's changes wait at most this long for the ones after them, and go to the pages
    /// that follow as one batch: a drag's sixty moves a second cost each page ten messages, not
    /// sixty. A page watching draws that much further behind; the page that drags draws its own
    /// finger at once and is answered a little later.
    static let hold = Duration.milliseconds(100)

    /// The calls since the last rest, starting with the engine made at it; `nil` once let go.
    private(set) var sinceRest: [UInt8]?
    /// The calls not yet sent to the pages that follow.
    private var unsent: [UInt8] = []
    /// Whether `unsent` holds more than time.
    private var unsentChanges = false
    /// Time that passed since the last call, in nanoseconds: written as one advance before the
    /// next call, to the pages that follow and to `sinceRest` alike, so both always stand at the
    /// same time (a page joining starts where the pages following are).
    private var pendingNanoseconds: Int64 = 0
    /// Calls other than time were written since the last rest: the next rest starts `sinceRest`
    /// again. A rest with nothing new keeps it (its engine, advanced, is the session's).
    private var changedSinceRest = false
    /// A time the calls cannot say exactly (a live clock's step that is not whole nanoseconds):
    /// the pages that follow are stopped, and none starts until the next rest.
    private(set) var isBroken = false
    /// The session rested since the last batch was taken: the pages waiting for a start get one.
    private var restartedSinceTaken = false
    /// The stream broke since the last batch was taken: the pages that follow must stop.
    private var brokeSinceTaken = false

    init(startingFrom engine: Engine) {
        sinceRest = EngineCallBatch.encode(EngineCall.making(engine))
    }

    /// The heap it holds, counted in the server's budget for journals.
    var footprint: Int { (sinceRest?.capacity ?? 0) + unsent.capacity }

    /// The session's engine went through `calls`.
    mutating func note(_ calls: [EngineCall]) {
        guard !isBroken else { return }
        flushTime()
        write(EngineCallBatch.encode(calls))
        changedSinceRest = true
        unsentChanges = true
    }

    /// The engine let `duration` pass: `milliseconds` when a manual clock's `advance` said it so.
    mutating func noteAdvance(by duration: Duration, milliseconds: Double?) {
        if let milliseconds {
            note([.advance(milliseconds: milliseconds)])
            return
        }
        guard !isBroken else { return }
        guard duration.components.attoseconds % 1_000_000_000 == 0 else {
            brokeSinceTaken = true
            isBroken = true
            sinceRest = nil
            unsent = []
            pendingNanoseconds = 0
            return
        }
        pendingNanoseconds += duration.nanosecondCount
    }

    /// The session rests in `engine`, `standingBack` behind its time: when anything but time
    /// happened since the last rest (or the calls since were let go), they start again from it; the
    /// time gathered up to it goes to the pages that follow first, so they stand where the new start
    /// does, and the time since stays gathered.
    mutating func restart(from engine: Engine, standingBack: Duration = .zero) {
        guard changedSinceRest || sinceRest == nil || isBroken else { return }
        flushTime(keeping: standingBack)
        sinceRest = EngineCallBatch.encode(EngineCall.making(engine))
        changedSinceRest = false
        isBroken = false
        restartedSinceTaken = true
    }

    /// Whether calls other than time wait to be sent.
    var holdsChanges: Bool { unsentChanges }

    /// What to send now: the calls not yet sent (with the time before them), when `changesDue` and
    /// there are changes, when `heartbeat` finds at least `EngineStream.heartbeat` of time gathered
    /// beyond the last `standingBack` (which it keeps gathered: a stamped input on its way may still
    /// go back there), or when `sendsAll` (a message goes anyway, and it must carry every call
    /// before it); whether the pages waiting for a start get `sinceRest` now; whether the ones
    /// following stop. Time alone waits for the next change or heartbeat: a page lets time pass by
    /// itself.
    mutating func take(
        heartbeat: Bool,
        changesDue: Bool = true,
        sendsAll: Bool = false,
        standingBack: Duration = .zero
    ) -> (batch: [UInt8]?, changes: Bool, startsWaiting: Bool, stopsFollowers: Bool) {
        defer {
            restartedSinceTaken = false
            brokeSinceTaken = false
        }
        let startsWaiting = restartedSinceTaken && sinceRest != nil
        let stops = brokeSinceTaken
        let holding = !sendsAll && !stops
        if holding, unsentChanges, !changesDue { return (nil, false, startsWaiting, stops) }
        var beat = false
        if heartbeat, pendingNanoseconds - standingBack.nanosecondCount >= Self.heartbeat.nanosecondCount {
            flushTime(keeping: standingBack)
            beat = true
        }
        if holding, !unsentChanges, !beat { return (nil, false, startsWaiting, stops) }
        let batch = unsent.isEmpty ? nil : unsent
        let changes = unsentChanges
        unsent = []
        unsentChanges = false
        return (batch, changes, startsWaiting, stops)
    }

    /// The time gathered since the last call written: where the calls stand is this much behind
    /// the session.
    var pending: Duration { .nanoseconds(pendingNanoseconds) }

    /// An input is given at a time `duration` before the session's (`Session+Rewind`): the time
    /// written before it stops that much short, and what is held back is gathered again after it.
    mutating func holdBack(_ duration: Duration) {
        pendingNanoseconds -= duration.nanosecondCount
    }

    mutating func giveBack(_ duration: Duration) {
        pendingNanoseconds += duration.nanosecondCount
    }

    /// Pages wait for a start (a replay took them off the stream): the next rest gives one.
    mutating func wantStart() {
        changedSinceRest = true
    }

    /// Lets go of the calls since the last rest (the server's budget): pages joining get frames
    /// until the next rest; the pages following go on.
    mutating func dropLog() {
        sinceRest = nil
    }

    /// The calls that make the session's engine for a page joining, once the calls not yet sent
    /// have gone to the pages following (`take`), and how far behind the session's time they stand:
    /// the time gathered since, which the joiner gets with the next batch, as the others do.
    func startForJoiner() -> (calls: [UInt8], behind: Duration)? {
        guard unsent.isEmpty, let sinceRest else { return nil }
        return (sinceRest, .nanoseconds(pendingNanoseconds))
    }

    /// Writes the gathered time as advances, to the pages that follow and to `sinceRest`, all but
    /// the last `kept` of it, which stays gathered.
    private mutating func flushTime(keeping kept: Duration = .zero) {
        let written = pendingNanoseconds - kept.nanosecondCount
        guard written > 0 else { return }
        let calls = EngineCall.advancing(by: .nanoseconds(written)) ?? []
        pendingNanoseconds -= written
        write(EngineCallBatch.encode(calls))
    }

    private mutating func write(_ bytes: [UInt8]) {
        unsent += bytes
        guard sinceRest != nil else { return }
        sinceRest! += bytes
        if sinceRest!.count > Self.maximumBytes { sinceRest = nil }
    }
}
