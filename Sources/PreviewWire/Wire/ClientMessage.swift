import CarouselCore

/// A message from a client, decoded and checked for shape; values are checked where they apply.
public enum ClientMessage: Equatable, Sendable {
    /// The largest text message a client may send, in bytes (UTF-8): the transport closes the
    /// connection with 1009 past it, and the page's schema tells the page.
    public static let maximumBytes = 16 * 1024

    /// The slowest and fastest a `replay` plays, as a fraction of real time.
    static let replaySpeeds: ClosedRange<Double> = 0.1...1

    /// A pointer event in viewport points with the client's own timestamp, and what the finger is
    /// when the client says; `at`: the session time a page that runs the engine applied it at (a
    /// live session applies it there when nothing else happened since; see `Session+Rewind`).
    case pointer(
        phase: PointerEvent.Kind,
        x: Double,
        y: Double,
        time: Double,
        seq: Int?,
        pointerType: PointerType? = nil,
        at: Double? = nil
    )
    /// A wheel or trackpad scroll in points (the page converts lines and pages), with the client's
    /// own timestamp, and as a pointer's, the session time it was applied at in the page.
    case wheel(dx: Double, dy: Double, time: Double, seq: Int?, at: Double? = nil)
    /// A programmatic request.
    case command(Command, seq: Int?)
    /// A partial configuration and, optionally, new items.
    case configure(config: JSONValue?, items: ItemsChange?, seq: Int?)
    /// Whether this viewer has hidden the page.
    case visibility(hidden: Bool, seq: Int?)
    /// Manual clock only: let this many milliseconds pass.
    case advance(milliseconds: Double, seq: Int?)
    /// Asks for a `pong` echoing `id`.
    case ping(id: JSONValue)
    /// Asks for the session's configuration as Swift and as a `configure` message.
    case export
    /// Starts or stops recording the session.
    case record(RecordAction)
    /// A recording to play back live, at `speed` times its pace.
    case replay(ReplaySource, speed: Double)
    /// The short name this viewer shows the others; `nil` goes back to its number.
    case name(ViewerName?)
    /// Asks something of the live replay playing in the session (`{"type":"replay","action":...}`):
    /// stop it at once, pause, resume, step one frame or seek.
    case replayControl(ReplayControl)
    /// An image upload begins: `bytes` of it follow as binary messages (see `PreviewHub+Images`).
    case image(name: String, bytes: Int)
    /// Keeps the session's carousel (or the one given) as a named variant, or forgets one.
    case variant(VariantRequest)
    /// Asks for the session's carousel scored over the server's gesture corpus (`FeelService`).
    case feel
    /// A recording to draw as an animated image, sent as a replay's is (in parts, or whole); the
    /// last part asks for the render (`PreviewHub+Render`).
    case render(ReplaySource, format: AnimationFormat)

    /// What a `variant` message asks for.
    public enum VariantRequest: Equatable, Sendable {
        /// Keep `config` and `itemCount` (the session's own when `nil`) as `name`, replacing a
        /// variant of that name.
        case save(name: String, config: SessionConfiguration?, itemCount: Int?)
        case delete(name: String)
    }

    /// A `variant` message's `action`.
    public enum VariantAction: String, Equatable, Sendable, CaseIterable {
        case save, delete
    }

    /// The items a `configure` asks for: a catalog of its own, or a count of the content's items.
    public enum ItemsChange: Equatable, Sendable {
        /// `items`: a list of items.
        case list(JSONValue)
        /// `itemCount`: the first `count` of the content's items, cycled when it has fewer (see
        /// `CatalogItem.cycled`), so a client picks a number without sending a catalog.
        case count(Int)
    }

    /// What a `replay` message plays.
    public enum ReplaySource: Equatable, Sendable {
        /// A piece of a recording's JSON text; the last piece starts the replay.
        case part(String, isLast: Bool)
        /// The session's own last gesture, from its pointer down to the end of its motion.
        case lastGesture
    }

    /// What a `record` message asks for.
    public enum RecordAction: String, Equatable, Sendable, CaseIterable {
        case start, stop
    }

    /// A `replay` message's `action`: what it asks of the replay playing.
    public enum ReplayAction: String, Equatable, Sendable, CaseIterable {
        case stop, pause, resume, step, seek
    }

    /// What a `replay` message with an `action` asks of the replay playing.
    public enum ReplayControl: Equatable, Sendable {
        /// Ends it at once.
        case stop
        /// Holds it where it is; `resume` plays on from there.
        case pause
        case resume
        /// Pauses it (if it plays) and plays its next frame.
        case step
        /// Moves it to `milliseconds` of the recording's time (0 to its `durationMs`): forward by
        /// playing on, back by playing the recording again from its beginning; it stays paused or
        /// playing as it was.
        case seek(milliseconds: Double)

        public var action: ReplayAction {
            switch self {
            case .stop: .stop
            case .pause: .pause
            case .resume: .resume
            case .step: .step
            case .seek: .seek
            }
        }
    }

    /// The `type` of each message, as written on the wire.
    public static let typeNames = MessageKind.allCases.map(\.rawValue)

    /// The kind of message this is.
    public var kind: MessageKind {
        switch self {
        case .pointer: .pointer
        case .wheel: .wheel
        case .command: .command
        case .configure: .configure
        case .visibility: .visibility
        case .advance: .advance
        case .ping: .ping
        case .export: .export
        case .feel: .feel
        case .render: .render
        case .record: .record
        case .replay, .replayControl: .replay
        case .name: .name
        case .image: .image
        case .variant: .variant
        }
    }

    /// The `type` this message was sent as.
    package var typeName: String { kind.rawValue }

    /// Whether the message would change a session, so it waits while a replay plays there.
    package var waitsForPlayback: Bool { kind.waitsForPlayback }

    /// Whether the message costs the session far more than its own size: every viewer pays for a
    /// `name` (the viewer list, resent to all) and a `variant`; a `record` measures and encodes the
    /// journal; an `export` writes every framework's file. A session limits these together.
    package var isBroadcastCostly: Bool {
        switch self {
        case .name, .record, .variant, .export: true
        default: false
        }
    }

    /// The longest manual-clock step a single `advance` may take, in ms (the engine's own bound).
    public static let maximumAdvance = Duration.maximumAdvanceMilliseconds
    /// The longest `ping` id, as JSON: the pong echoes it, so a 16 KB id would cost the server
    /// 16 KB of queue for every ping of a client that never reads.
    public static let maximumPingIDBytes = 64

    /// The `seq` a message may carry: the whole numbers a JSON number holds exactly in every client
    /// (JavaScript's `Number.MAX_SAFE_INTEGER` either way), so the echo in `input` is the very number
    /// sent. Past 2^53 neighbouring numbers share one double and the echo could name another.
    public static let seqRange = -9_007_199_254_740_991...9_007_199_254_740_991

    /// The client's `seq`, echoed in the frame that applies the message.
    package var seq: Int? {
        switch self {
        case .pointer(_, _, _, _, let seq, _, _), .wheel(_, _, _, let seq, _), .command(_, let seq),
            .configure(_, _, let seq),
            .visibility(_, let seq), .advance(_, let seq):
            seq
        case .ping, .export, .record, .replay, .replayControl, .name, .image, .variant, .feel, .render: nil
        }
    }

    /// A pointer message's `pointerType`, if it has one.
    package var pointerType: PointerType? {
        if case .pointer(_, _, _, _, _, let pointerType, _) = self { pointerType } else { nil }
    }

    /// The session time (ms) a page applied this pointer or wheel message at, when it says.
    package var stampedAt: Double? {
        switch self {
        case .pointer(_, _, _, _, _, _, let at), .wheel(_, _, _, _, let at): at
        default: nil
        }
    }

    /// Whether it is a wheel message.
    package var isWheel: Bool {
        if case .wheel = self { true } else { false }
    }
}
