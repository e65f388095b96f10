import CarouselCore

/// Whether a session's time follows the wall clock or only `advance` messages.
public enum ClockKind: String, Equatable, Sendable {
    case live
    case manual
}

/// A frame as sent to viewers: the engine's frame, the session's frame counter and time, and the
/// input message it applied.
public struct FrameMessage: Equatable, Sendable {
    /// Grows by one per frame of the session.
    public var seq: Int
    /// The session's time in ms.
    public var time: Double
    /// What the engine drew.
    public var frame: Frame
    /// The client and `seq` of the last input message this frame applied.
    public var input: AppliedInput?

    /// Creates a frame message.
    public init(seq: Int, time: Double, frame: Frame, input: AppliedInput?) {
        self.seq = seq
        self.time = time
        self.frame = frame
        self.input = input
    }

    /// Folds in the events of an older frame this one replaces, so a slow reader loses frames
    /// but never events.
    func absorbing(_ older: FrameMessage) -> FrameMessage {
        var merged = self
        merged.frame.events = older.frame.events + frame.events
        if merged.input == nil { merged.input = older.input }
        return merged
    }
}

/// Which input message a frame applied.
public struct AppliedInput: Equatable, Sendable {
    /// The session-local id of the client that sent it.
    public var client: Int
    /// The client's `seq`, if it sent one.
    public var seq: Int?

    /// Names an input message.
    public init(client: Int, seq: Int?) {
        self.client = client
        self.seq = seq
    }
}

/// A message from the server.
public enum ServerMessage: Equatable, Sendable {
    case welcome(session: String, client: Int, clock: ClockKind, viewers: Int, config: ConfigurationJSON, items: [BannerItem])
    case frame(FrameMessage)
    case config(ConfigurationJSON, items: [BannerItem])
    case viewers(count: Int)
    case pong(id: JSONValue, time: Double)
    case error(ProtocolError)

    /// The message's text.
    public var encoded: String { json.encoded }

    var json: JSONValue {
        switch self {
        case .welcome(let session, let client, let clock, let viewers, let config, let items):
            .object([
                ("type", .string("welcome")), ("protocol", .number(1)), ("session", .string(session)),
                ("client", .number(Double(client))), ("clock", .string(clock.rawValue)),
                ("viewers", .number(Double(viewers))), ("config", config.json), ("items", .array(items.map(\.json))),
            ])
        case .frame(let message):
            Self.frameJSON(message)
        case .config(let config, let items):
            .object([("type", .string("config")), ("config", config.json), ("items", .array(items.map(\.json)))])
        case .viewers(let count):
            .object([("type", .string("viewers")), ("count", .number(Double(count)))])
        case .pong(let id, let time):
            .object([("type", .string("pong")), ("id", id), ("time", .number(time))])
        case .error(let error):
            .object([
                ("type", .string("error")), ("code", .string(error.code.rawValue)),
                ("message", .string(error.message)), ("ref", error.ref.map(JSONValue.string) ?? .null),
            ])
        }
    }

    private static func frameJSON(_ message: FrameMessage) -> JSONValue {
        let frame = message.frame
        let slots: [JSONValue] = frame.slots.map { slot in
            var members: [(key: String, value: JSONValue)] = [
                ("id", .number(Double(slot.id))), ("item", slot.itemIndex.map { .number(Double($0)) } ?? .null),
                ("x", .number(slot.x)), ("y", .number(slot.y)), ("width", .number(slot.width)),
                ("height", .number(slot.height)), ("scale", .number(slot.scale)),
            ]
            if let kind = slot.kind { members.append(("kind", .string(kind))) }
            return .object(members)
        }
        let autoScroll = frame.autoScroll
        let pausedBy = PauseReasons.named.filter { autoScroll.pauseReasons.contains($0.reason) }.map { JSONValue.string($0.name) }
        let remaining: JSONValue = autoScroll.state == .stopped
            ? .null : .number(ConfigurationJSON.milliseconds(autoScroll.remaining))
        let input: JSONValue = message.input.map {
            .object([("client", .number(Double($0.client))), ("seq", $0.seq.map { .number(Double($0)) } ?? .null)])
        } ?? .null
        return .object([
            ("type", .string("frame")), ("seq", .number(Double(message.seq))), ("time", .number(message.time)),
            ("phase", .string(frame.phase.rawValue)), ("index", .number(Double(frame.currentIndex))),
            ("count", .number(Double(frame.itemCount))), ("position", .number(frame.position)),
            ("slots", .array(slots)),
            ("autoscroll", .object([
                ("state", .string(autoScroll.state.rawValue)), ("pausedBy", .array(pausedBy)), ("remainingMs", remaining),
            ])),
            ("input", input),
            ("events", .array(frame.events.map(eventJSON))),
        ])
    }

    private static func eventJSON(_ event: CarouselEvent) -> JSONValue {
        switch event {
        case .pageChanged(let index, let previous):
            .object([("type", .string("pageChanged")), ("index", .number(Double(index))), ("previous", .number(Double(previous)))])
        case .settled(let index):
            .object([("type", .string("settled")), ("index", .number(Double(index)))])
        case .interrupted(let index):
            .object([("type", .string("interrupted")), ("index", .number(Double(index)))])
        }
    }
}
