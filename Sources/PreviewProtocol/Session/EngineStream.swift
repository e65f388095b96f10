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

    /// The calls since the last rest, starting with the engine made at it; `nil` once let go.
    private(set) var sinceRest: [UInt8]?
    /// The calls not yet sent to the pages that follow.
    private var unsent: [UInt8] = []
    /// Time that passed since the last call sent to the pages that follow, in nanoseconds.
    private var unsentNanoseconds: Int64 = 0
    /// Time that passed since the last call written to `sinceRest` (a rest's engine holds the time
    /// before it, so this starts again at every rest while the pages following still need theirs).
    private var unloggedNanoseconds: Int64 = 0
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
    }

    /// The engine let `duration` pass: `milliseconds` when a manual clock's `advance` said it so.
    mutating func noteAdvance(by duration: Duration, milliseconds: Double?) {
        if let milliseconds {
            note([.advance(milliseconds: milliseconds)])
            return
        }
        let (seconds, attoseconds) = duration.components
        guard attoseconds % 1_000_000_000 == 0 else {
            if !isBroken { brokeSinceTaken = true }
            isBroken = true
            sinceRest = nil
            unsent = []
            unsentNanoseconds = 0
            unloggedNanoseconds = 0
            return
        }
        guard !isBroken else { return }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        unsentNanoseconds += nanoseconds
        unloggedNanoseconds += nanoseconds
    }

    /// The session rests in `engine`: the calls since the last rest start again from it (those not
    /// yet sent still go to the pages that follow, which are already where they lead).
    mutating func restart(from engine: Engine) {
        unloggedNanoseconds = 0
        sinceRest = EngineCallBatch.encode(EngineCall.making(engine))
        isBroken = false
        restartedSinceTaken = true
    }

    /// What to send now: the calls not yet sent (with the time before them), when there are any or
    /// `heartbeat` asks for the time alone and at least `EngineStream.heartbeat` of it gathered;
    /// whether the pages waiting for a start get `sinceRest` now; whether the ones following stop.
    mutating func take(heartbeat: Bool) -> (batch: [UInt8]?, startsWaiting: Bool, stopsFollowers: Bool) {
        if heartbeat, unsentNanoseconds >= Self.heartbeat.nanosecondCount {
            unsent += EngineCallBatch.encode(Self.advances(&unsentNanoseconds))
        }
        let batch = unsent.isEmpty ? nil : unsent
        unsent = []
        defer {
            restartedSinceTaken = false
            brokeSinceTaken = false
        }
        return (batch, restartedSinceTaken && sinceRest != nil, brokeSinceTaken)
    }

    /// Lets go of the calls since the last rest (the server's budget): pages joining get frames
    /// until the next rest; the pages following go on.
    mutating func dropLog() {
        sinceRest = nil
    }

    /// The calls that make the session's engine as it is now, for a page joining: the time gathered
    /// is written first (the pages already following get it with the next batch, before this).
    mutating func startForJoiner() -> [UInt8]? {
        flushTime()
        return sinceRest
    }

    /// Writes the gathered time as advances, to each where it is owed.
    private mutating func flushTime() {
        unsent += EngineCallBatch.encode(Self.advances(&unsentNanoseconds))
        append(toLog: EngineCallBatch.encode(Self.advances(&unloggedNanoseconds)))
    }

    /// `nanoseconds` as advances within the module's bound, and none left.
    private static func advances(_ nanoseconds: inout Int64) -> [EngineCall] {
        defer { nanoseconds = 0 }
        return nanoseconds > 0 ? EngineCall.advancing(by: .nanoseconds(nanoseconds)) ?? [] : []
    }

    private mutating func write(_ bytes: [UInt8]) {
        unsent += bytes
        append(toLog: bytes)
    }

    private mutating func append(toLog bytes: [UInt8]) {
        guard sinceRest != nil, !bytes.isEmpty else { return }
        sinceRest! += bytes
        if sinceRest!.count > Self.maximumBytes { sinceRest = nil }
    }
}

extension Duration {
    /// Whole nanoseconds (the live clock's grain).
    fileprivate var nanosecondCount: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
