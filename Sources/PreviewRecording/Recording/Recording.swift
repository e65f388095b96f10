import CarouselCore
import PreviewWire

/// A stretch of a session: where a replay begins, the steps after it, and the step recording
/// started at: everything a replay needs to send again, byte for byte, the frames the session sent
/// while it was recorded. The steps before `start` are run without output and bring a replay to
/// the state recording started in (mid-animation included). Its JSON form is documented in
/// docs/protocol/recording.md, member by member.
///
/// Version 2 begins at a checkpoint (the session at rest, written down whole) and carries only the
/// catalog its steps use; version 1 began at the session's creation, from its preset and a link's
/// setup, and carried both catalogs whole. This build writes version 2 and reads both.
public struct Recording: Equatable, Sendable {
    public static let format = "carousel-preview/recording"
    public static let version = 2
    /// Where a replay begins.
    package enum Beginning: Equatable, Sendable {
        /// Version 2: a session restored from a checkpoint.
        case checkpoint(SessionCheckpoint)
        /// Version 1: a fresh session of a preset, with what a share link set up beyond it (`nil`:
        /// the preset alone).
        case creation(preset: String, setup: SessionSetup?)
    }

    package let session: String
    package let clock: ClockKind
    package let beginning: Beginning
    /// What the steps' `configure`s may draw on (version 1: the server's catalogs whole).
    package let catalogs: ItemCatalogs
    /// Their times count from the beginning.
    package let steps: [SessionJournal.Step]
    /// The first recorded step; frames are replayed from here.
    package let start: Int

    package init(
        session: String,
        clock: ClockKind,
        beginning: Beginning,
        catalogs: ItemCatalogs,
        steps: [SessionJournal.Step],
        start: Int
    ) {
        self.session = session
        self.clock = clock
        self.beginning = beginning
        self.catalogs = catalogs
        self.steps = steps
        self.start = start
    }

    /// The recording as the JSON document a viewer downloads, in the version it was made in.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("format", .string(Self.format))]
        switch beginning {
        case .checkpoint(let checkpoint):
            members += [
                ("version", .number(2)), ("session", .string(session)), ("clock", .string(clock.rawValue)),
                ("checkpoint", checkpoint.json),
            ]
        case .creation(let preset, let setup):
            members += [
                ("version", .number(1)), ("session", .string(session)), ("clock", .string(clock.rawValue)),
                ("preset", .string(preset)),
            ]
            members += setup.map { [("setup", $0.json)] } ?? []
        }
        return .object(
            members + [
                (
                    "catalogs",
                    .object([
                        ("banners", .array(catalogs.banners.map(\.json))),
                        ("cards", .array(catalogs.cards.map(\.json))),
                    ])
                ),
                ("start", .number(Double(start))),
                ("steps", .array(steps.map { Self.json($0, compactPointers: isCheckpointed) })),
            ]
        )
    }

    /// Whether the recording begins at a checkpoint (version 2).
    private var isCheckpointed: Bool {
        if case .checkpoint = beginning { return true }
        return false
    }

    /// One step: `{"atNs":N,"join":C}`, `{"atNs":N,"leave":C}`, `{"atNs":N,"client":C,"message":{...}}`
    /// or `{"atNs":N,"tick":true}`; `atNs` counts whole nanoseconds from the recording's beginning.
    /// Version 2 writes a pointer message as `{"atNs":N,"client":C,"pointer":[phase,x,y,t,pointerType,seq]}`
    /// (`null` for an absent type or seq): most of a recording is pointer moves, and this is half their size.
    package static func json(_ step: SessionJournal.Step, compactPointers: Bool = false) -> JSONValue {
        let at: (key: String, value: JSONValue) = ("atNs", .number(Double(nanoseconds(step.at))))
        switch step.event {
        case .join(let client): return .object([at, ("join", .number(Double(client)))])
        case .leave(let client): return .object([at, ("leave", .number(Double(client)))])
        case .input(let client, .pointer(let phase, let x, let y, let time, let seq, let pointerType, nil))
        where compactPointers:
            let fields: [JSONValue] = [
                .string(phase.rawValue), .number(x), .number(y), .number(time),
                pointerType.map { .string($0.rawValue) } ?? .null, seq.map { .number(Double($0)) } ?? .null,
            ]
            return .object([at, ("client", .number(Double(client))), ("pointer", .array(fields))])
        case .input(let client, let message):
            return .object([at, ("client", .number(Double(client))), ("message", message.json)])
        case .tick: return .object([at, ("tick", .bool(true))])
        case .resync: return .object([at, ("resync", .bool(true))])
        }
    }

    /// The transport's clock counts nanoseconds; finer parts (only a test's stepped clock has them)
    /// are dropped.
    package static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

extension Recording {
    /// Reads a recording's JSON text, checking its shape; the steps themselves are checked as a
    /// replay runs them.
    public init(text: String) throws(RecordingError) {
        let document = try JSONParser.parse(text) { RecordingError("not valid JSON: \($0)") }
        try self.init(json: document)
    }

    public init(json document: JSONValue) throws(RecordingError) {
        guard case .object = document else { throw RecordingError("a recording is a JSON object") }
        guard document["format"] == .string(Self.format) else {
            throw RecordingError("not a recording: \"format\" must be \"\(Self.format)\"")
        }
        guard case .number(let version)? = document["version"], version == 1 || version == 2 else {
            throw RecordingError(
                "unknown version \(document["version"]?.encoded ?? "(none)"); this build reads versions 1 and 2"
            )
        }
        guard case .string(let session)? = document["session"], !session.isEmpty, session.count <= 64 else {
            throw RecordingError("\"session\" must be a session name")
        }
        guard case .string(let clockName)? = document["clock"], let clock = ClockKind(rawValue: clockName) else {
            throw RecordingError("\"clock\" must be \"live\" or \"manual\"")
        }
        let beginning: Beginning
        if version == 2 {
            guard let checkpoint = document["checkpoint"] else {
                throw RecordingError("a version 2 recording needs a \"checkpoint\"")
            }
            beginning = .checkpoint(try SessionCheckpoint(json: checkpoint))
        } else {
            guard case .string(let preset)? = document["preset"], SessionConfiguration(preset: preset) != nil else {
                throw RecordingError(
                    "\"preset\" must name a preset: \(Configuration.presetNames.joined(separator: ", "))"
                )
            }
            let setup = try document["setup"].map { json throws(RecordingError) in try SessionSetup(json: json) }
            beginning = .creation(preset: preset, setup: setup)
        }
        guard let catalogs = document["catalogs"], case .object = catalogs else {
            throw RecordingError("\"catalogs\" must be an object {banners, cards}")
        }
        let banners: [CatalogItem]
        let cards: [CatalogItem]
        banners = try CatalogItem.recorded(catalogs["banners"], field: "catalogs.banners")
        cards = try CatalogItem.recorded(catalogs["cards"], field: "catalogs.cards")
        guard case .array(let stepValues)? = document["steps"] else {
            throw RecordingError("\"steps\" must be an array")
        }
        guard stepValues.count <= RecordingLimits.steps else {
            throw RecordingError(
                "it holds \(stepValues.count) steps; a recording holds at most \(RecordingLimits.steps)"
            )
        }
        guard case .number(let startValue)? = document["start"], startValue == startValue.rounded(), startValue >= 0,
            startValue <= Double(stepValues.count)
        else {
            throw RecordingError("\"start\" must be a whole number from 0 to the number of steps (\(stepValues.count))")
        }
        var steps: [SessionJournal.Step] = []
        steps.reserveCapacity(stepValues.count)
        for (index, value) in stepValues.enumerated() {
            steps.append(try Self.step(value, index: index, after: steps.last?.at ?? .zero))
        }
        self.init(
            session: session,
            clock: clock,
            beginning: beginning,
            catalogs: ItemCatalogs(banners: banners, cards: cards),
            steps: steps,
            start: Int(startValue)
        )
    }

    private static func step(
        _ value: JSONValue,
        index: Int,
        after previous: Duration
    ) throws(RecordingError)
        -> SessionJournal.Step
    {
        guard case .number(let nanoseconds)? = value["atNs"], nanoseconds == nanoseconds.rounded(),
            nanoseconds >= 0
        else {
            throw RecordingError(step: index, "\"atNs\" must be a whole number of nanoseconds, at least 0")
        }
        let span = Double(Self.nanoseconds(RecordingLimits.span))
        guard nanoseconds <= span else {
            throw RecordingError(
                step: index,
                "\"atNs\" is \(JSONValue.number(nanoseconds).encoded); a recording spans at most \(Int(span)) ns (\(Int(RecordingLimits.span.milliseconds / 1000)) s) from its beginning, the steps before \"start\" included"
            )
        }
        let at = Duration.nanoseconds(Int64(nanoseconds))
        guard at >= previous else { throw RecordingError(step: index, "\"atNs\" goes back in time") }
        func client(_ key: String) throws(RecordingError) -> Int {
            guard case .number(let id)? = value[key], id == id.rounded(), id >= 1, id <= 1e9 else {
                throw RecordingError(step: index, "\"\(key)\" must be a client id (a whole number from 1)")
            }
            return Int(id)
        }
        if value["join"] != nil { return SessionJournal.Step(at: at, event: .join(client: try client("join"))) }
        if value["leave"] != nil { return SessionJournal.Step(at: at, event: .leave(client: try client("leave"))) }
        if value["tick"] == .bool(true) { return SessionJournal.Step(at: at, event: .tick) }
        if value["resync"] == .bool(true) { return SessionJournal.Step(at: at, event: .resync) }
        if case .array(let fields)? = value["pointer"] {
            // The compact pointer step is the message it stands for, checked as that message is.
            guard fields.count == 6 else {
                throw RecordingError(step: index, "\"pointer\" must be [phase, x, y, t, pointerType, seq]")
            }
            let names = ["phase", "x", "y", "t", "pointerType", "seq"]
            let members = zip(names, fields).filter { $0.1 != .null }.map { (key: $0.0, value: $0.1) }
            let message = JSONValue.object([("type", .string("pointer"))] + members)
            let sender = try client("client")
            do {
                return SessionJournal.Step(
                    at: at,
                    event: .input(client: sender, try ClientMessage.decode(document: message))
                )
            } catch {
                throw RecordingError(step: index, "an invalid pointer: \(error.message)")
            }
        }
        if let message = value["message"] {
            let sender = try client("client")
            do {
                let decoded = try ClientMessage.decode(document: message)
                return SessionJournal.Step(at: at, event: .input(client: sender, decoded))
            } catch {
                throw RecordingError(step: index, "an invalid message: \(error.message)")
            }
        }
        throw RecordingError(
            step: index,
            "a step needs \"join\", \"leave\", \"tick\", \"resync\" or \"client\" and \"message\""
        )
    }
}
