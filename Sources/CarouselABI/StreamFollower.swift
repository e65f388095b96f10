import CarouselCore

/// A page's half of the engine stream (protocol: "The engine stream", "Stamped inputs"): the
/// session's engine as its batches of calls say, run at the times they say, and this page's own
/// pointer and wheel inputs given at once, at the time drawn, until the stream answers them. Every
/// frame is the session's engine brought to the time drawn, with the page's unanswered inputs
/// replayed on it; a batch that comes after what was drawn past it (something else came between)
/// redraws the motion: a correction, counted.
///
/// A page keeps the clock (which session time to draw now), the display loop and the delivery of
/// messages; the arithmetic of the timeline is here, so a native test runs the session and its
/// followers against each other (StreamFollowerPropertyTests), and the page runs this very code in
/// the engine module (`FollowerHost`, the `cp_follower_*` exports, public/js/session/streamfollower.js).
public struct StreamFollower {
    /// While no batch comes (a session at rest sends none), the engine kept aside is brought to this
    /// far behind the time drawn, so a frame never replays more than this.
    static let keptBehindNanoseconds: Int64 = 1_000_000_000

    /// A batch not yet run: where it leaves the session's engine, when its first change was, and
    /// whether the page already drew what it holds (its own input, given where the session gave it,
    /// or time alone).
    struct Batch {
        let nanoseconds: Int64
        let firstChange: Int64
        let calls: [UInt8]
        let isForeseen: Bool
        let input: StreamInput?
    }

    /// One of this page's inputs the stream has not answered: the call, given at `nanoseconds`, and
    /// the input a frame names for it (its `seq` the message's).
    struct OwnInput {
        let nanoseconds: Int64
        let call: EngineCall
        let input: StreamInput
        var seq: Int64? { input.seq }
    }

    /// Whether a start came and no stop since: frames come from here, not from the server.
    public private(set) var isFollowing = false
    /// How many times a batch redrew what had been drawn.
    public private(set) var corrections = 0
    /// Whether the last frame drawn redrew the motion (a correction since the one before).
    public private(set) var lastFrameWasCorrected = false
    /// A manual clock's session moves only by `advance`: the time drawn is the stream's.
    public var isManual = false
    /// This page's client number in the session (its welcome's): an input of this client is its own.
    public var client: Int64?
    /// The input the last frame drawn names: this page's own unanswered one, else the last the
    /// session's engine took as far as drawn.
    public private(set) var input: StreamInput?
    /// The last input named by a batch run on the engine kept aside.
    private var lastInput: StreamInput?
    /// The engine as the stream last said, at `confirmed`.
    private var kept = EngineHost()
    private var pending: [Batch] = []
    private var own: [OwnInput] = []
    /// The session time the engine kept aside stands at: everything up to it is known.
    public private(set) var confirmed: Int64 = 0
    /// The session time of the last frame drawn.
    public private(set) var drawn: Int64 = 0
    /// Events of the engine kept aside already delivered with a frame drawn since `confirmed`.
    private var eventsInSpan = 0
    /// Events of batches run since the last frame drawn, delivered with the next.
    private var carried: [CarouselEvent] = []
    private var isCorrected = false
    private var lastPhase: Phase?

    public init() {}

    /// Whether the carousel rests with nothing in hand: a page's clock may catch up at once.
    public var isQuiet: Bool { lastPhase == .idle && pending.isEmpty && own.isEmpty }

    /// The session's time of the stream's last word, in nanoseconds.
    public var said: Int64 { pending.last?.nanoseconds ?? confirmed }

    /// The items' kinds as the stream last said them: a frame's slot names its kind by position here.
    public var kinds: [String] { kept.kinds }

    /// A start: `calls` make the session's engine as it stands at `nanoseconds`; a start whose calls
    /// are refused (or make no engine) stops following, and says why.
    public mutating func start(_ calls: [UInt8], at nanoseconds: Int64) throws(ABIError) {
        var engine = EngineHost()
        let status = engine.run(batch: calls)
        guard status >= 0, engine.engine != nil else {
            stop()
            throw engine.lastError ?? .notStarted
        }
        kept = engine
        isFollowing = true
        pending = []
        confirmed = nanoseconds
        drawn = nanoseconds
        eventsInSpan = 0
    }

    /// A batch: the calls that take the session's engine to `nanoseconds`; `firstChange` when it was
    /// held for the changes after it; the `input` it answers (this page's own when its client is
    /// this page's, given at `givenAt`: its stamp, when the session took it); `isTimeOnly` when it
    /// holds nothing but time.
    public mutating func receive(
        _ calls: [UInt8],
        at nanoseconds: Int64,
        firstChange: Int64? = nil,
        input: StreamInput? = nil,
        givenAt: Int64? = nil,
        isTimeOnly: Bool = false
    ) {
        guard isFollowing else { return }
        let seq = input.flatMap { $0.client == client ? $0.seq : nil }
        // The answer to what this page drew already, at the time it drew it, or time alone: no redraw.
        let isPredicted = seq.map { seq in own.contains { $0.seq == seq } } ?? false
        let isAnsweredInPlace = seq.map { answered($0, at: givenAt ?? nanoseconds) } ?? false
        let isForeseen = isAnsweredInPlace || isTimeOnly
        // A prediction the session gave elsewhere: the motion is redrawn, whenever the batch falls.
        if isPredicted, !isForeseen { noteCorrection() }
        pending.append(
            Batch(
                nanoseconds: nanoseconds,
                firstChange: firstChange ?? nanoseconds,
                calls: calls,
                isForeseen: isForeseen || isPredicted,
                input: input
            )
        )
    }

    /// This page's pointer or wheel `call` (from `device`: a wheel, or what the browser says the
    /// pointer is), going to the server as input `seq`, drawn at once: the time it goes in (never
    /// before what the stream said or drew), which the message is stamped with; `nil` when the page
    /// does not follow a live session (the message goes unstamped).
    public mutating func stamp(_ call: EngineCall, seq: Int64, drawing: Int64, device: StreamInput.Device?) -> Int64? {
        guard isFollowing, !isManual, let client else { return nil }
        switch call {
        case .pointer, .wheel: break
        default: return nil
        }
        let at = max(drawing, drawn, confirmed, pending.last?.nanoseconds ?? 0, own.last?.nanoseconds ?? 0)
        let input = StreamInput(client: client, seq: seq, device: device)
        own.append(OwnInput(nanoseconds: at, call: call, input: input))
        return at
    }

    /// The stream stopped (a server frame: a replay plays); frames come from the server until a start.
    public mutating func stop() {
        isFollowing = false
        pending = []
        own = []
    }

    /// The frame at `display` (the page's clock; a manual clock's is what the stream said): the
    /// batches due run on the engine kept aside, and a copy of it goes to the time drawn with this
    /// page's unanswered inputs given on the way. Its events are those not delivered yet.
    public mutating func draw(at display: Int64) -> Frame? {
        guard isFollowing else { return nil }
        let display = isManual ? said : display
        while let batch = pending.first, batch.nanoseconds <= max(display, confirmed) {
            pending.removeFirst()
            if !batch.isForeseen, batch.firstChange < drawn { noteCorrection() }  // drawn past it
            _ = kept.run(batch: batch.calls)
            let ran = kept.nextFrame()?.events ?? []
            confirmed = batch.nanoseconds
            if let input = batch.input { lastInput = input }
            carried += ran.dropFirst(eventsInSpan)
            eventsInSpan = 0
        }
        let at = max(display, confirmed, own.last?.nanoseconds ?? 0)
        if pending.isEmpty, own.isEmpty, at - confirmed > 2 * Self.keptBehindNanoseconds {
            keepUp(to: at - Self.keptBehindNanoseconds)
        }
        var engine = kept
        var reached = confirmed
        for input in own {
            let given = max(input.nanoseconds, reached)
            Self.advance(&engine, by: given - reached)
            reached = given
            _ = input.call.run(on: &engine)
        }
        Self.advance(&engine, by: at - reached)
        guard var frame = engine.nextFrame() else { return nil }
        drawn = at
        let fresh = frame.events.dropFirst(eventsInSpan)
        eventsInSpan = frame.events.count
        frame.events = carried + fresh
        carried = []
        lastPhase = frame.phase
        input = own.last?.input ?? lastInput
        lastFrameWasCorrected = isCorrected
        isCorrected = false
        return frame
    }

    /// The stream answered this page's inputs up to `seq`: whether the page gave that one at
    /// `nanoseconds` too (else the session gave it later, and the motion is redrawn).
    private mutating func answered(_ seq: Int64, at nanoseconds: Int64) -> Bool {
        let last = own.first { $0.seq == seq }
        own.removeAll { $0.seq.map { $0 <= seq } ?? true }
        return last?.nanoseconds == nanoseconds
    }

    private mutating func noteCorrection() {
        corrections += 1
        isCorrected = true
    }

    /// Brings the engine kept aside to `nanoseconds`: its events up to there were delivered.
    private mutating func keepUp(to nanoseconds: Int64) {
        Self.advance(&kept, by: nanoseconds - confirmed)
        let consumed = kept.nextFrame()?.events.count ?? 0
        confirmed = nanoseconds
        eventsInSpan = max(0, eventsInSpan - consumed)
    }

    /// Lets `nanoseconds` pass on `engine`, in pieces of at most the `advance` bound.
    private static func advance(_ engine: inout EngineHost, by nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        for call in EngineCall.advancing(by: .nanoseconds(nanoseconds)) ?? [] { _ = call.run(on: &engine) }
    }

}
