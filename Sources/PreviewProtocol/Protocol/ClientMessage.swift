import CarouselCore

/// A message from a client, decoded and checked for shape; values are checked where they apply.
public enum ClientMessage: Equatable, Sendable {
    /// A pointer event in viewport points with the client's own timestamp, and what the finger is
    /// when the client says.
    case pointer(
        phase: PointerEvent.Kind,
        x: Double,
        y: Double,
        time: Double,
        seq: Int?,
        pointerType: PointerType? = nil
    )
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

    /// The items a `configure` asks for: a catalog of its own, or a count of the layout's own items.
    public enum ItemsChange: Equatable, Sendable {
        /// `items`: a list of items.
        case list(JSONValue)
        /// `itemCount`: the first `count` of the layout's catalog, cycled when it has fewer (see
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
    public enum RecordAction: String, Equatable, Sendable {
        case start, stop
    }

    /// The `type` of each message, as written on the wire.
    public static let typeNames = MessageKind.allCases.map(\.rawValue)

    /// The kind of message this is.
    public var kind: MessageKind {
        switch self {
        case .pointer: .pointer
        case .command: .command
        case .configure: .configure
        case .visibility: .visibility
        case .advance: .advance
        case .ping: .ping
        case .export: .export
        case .record: .record
        case .replay: .replay
        }
    }

    /// The `type` this message was sent as.
    var typeName: String { kind.rawValue }

    /// Whether the message would change a session, so it waits while a replay plays there.
    var waitsForPlayback: Bool { kind.waitsForPlayback }

    /// The longest manual-clock step a single `advance` may take, in ms.
    public static let maximumAdvance = 10_000.0

    /// The client's `seq`, echoed in the frame that applies the message.
    var seq: Int? {
        switch self {
        case .pointer(_, _, _, _, let seq, _), .command(_, let seq), .configure(_, _, let seq),
            .visibility(_, let seq), .advance(_, let seq):
            seq
        case .ping, .export, .record, .replay: nil
        }
    }

    /// A pointer message's `pointerType`, if it has one.
    var pointerType: PointerType? {
        if case .pointer(_, _, _, _, _, let pointerType) = self { pointerType } else { nil }
    }
}

extension ClientMessage {
    /// Decodes one text frame, or throws the `error` to answer it with.
    public static func decode(_ text: String) throws(ProtocolError) -> ClientMessage {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ProtocolError(.badJSON, "not valid JSON: \(error.message)", ref: nil)
        }
        guard case .object = document else {
            throw ProtocolError(.badMessage, "a message must be a JSON object, got \(document.kindName)", ref: nil)
        }
        guard case .string(let type)? = document["type"] else {
            throw ProtocolError(.badMessage, "a message needs a string \"type\"", ref: nil)
        }
        guard let kind = MessageKind(rawValue: type) else {
            throw ProtocolError(
                .unknownType,
                "unknown message type \"\(type.prefix(64))\"; expected one of \(typeNames.joined(separator: ", "))",
                ref: String(type.prefix(64))
            )
        }
        var fields = Fields(document: document, type: type)
        switch kind {
        case .pointer:
            let phaseName = try fields.string("phase")
            guard let phase = PointerEvent.Kind(rawValue: phaseName) else {
                throw ProtocolError(
                    .invalidValue,
                    "pointer.phase must be down, move, up or cancel, got \"\(phaseName)\"",
                    ref: type,
                    field: "pointer.phase"
                )
            }
            return .pointer(
                phase: phase,
                x: try fields.number("x"),
                y: try fields.number("y"),
                time: try fields.number("t"),
                seq: try fields.seq(),
                pointerType: try fields.pointerType()
            )
        case .command:
            return .command(try fields.command(), seq: try fields.seq())
        case .configure:
            let config = document["config"]
            var items = document["items"].map(ItemsChange.list)
            if document["itemCount"] != nil {
                guard items == nil else {
                    throw ProtocolError(.badMessage, "configure takes \"items\" or \"itemCount\", not both", ref: type)
                }
                let count = try fields.number("itemCount")
                guard count == count.rounded(), count >= 0, count <= Double(CatalogItem.maximumCount) else {
                    throw ProtocolError(
                        .invalidValue,
                        "configure.itemCount must be a whole number from 0 to \(CatalogItem.maximumCount), got \(JSONValue.number(count).encoded)",
                        ref: type,
                        field: "configure.itemCount"
                    )
                }
                items = .count(Int(count))
            }
            guard config != nil || items != nil else {
                throw ProtocolError(.badMessage, "configure needs \"config\", \"items\" or \"itemCount\"", ref: type)
            }
            return .configure(config: config, items: items, seq: try fields.seq())
        case .visibility:
            return .visibility(hidden: try fields.bool("hidden"), seq: try fields.seq())
        case .advance:
            let milliseconds = try fields.number("ms")
            guard milliseconds > 0, milliseconds <= maximumAdvance else {
                throw ProtocolError(
                    .invalidValue,
                    "advance.ms must be greater than 0 and at most 10000, got \(JSONValue.number(milliseconds).encoded)",
                    ref: type,
                    field: "advance.ms"
                )
            }
            return .advance(milliseconds: milliseconds, seq: try fields.seq())
        case .ping:
            return .ping(id: document["id"] ?? .null)
        case .export:
            return .export
        case .record:
            let name = try fields.string("action")
            guard let action = RecordAction(rawValue: name) else {
                throw ProtocolError(
                    .invalidValue,
                    "record.action must be start or stop, got \"\(name.prefix(64))\"",
                    ref: type,
                    field: "record.action"
                )
            }
            return .record(action)
        case .replay:
            let speed = document["speed"] == nil ? 1 : try fields.number("speed")
            guard Playback.speeds.contains(speed) else {
                throw ProtocolError(
                    .invalidValue,
                    "replay.speed must be from 0.1 to 1, got \(JSONValue.number(speed).encoded)",
                    ref: type,
                    field: "replay.speed"
                )
            }
            if document["gesture"] != nil {
                guard document["recording"] == nil, document["part"] == nil else {
                    throw ProtocolError(
                        .badMessage,
                        "replay takes one of \"gesture\", \"recording\" or \"part\"",
                        ref: type
                    )
                }
                let gesture = try fields.string("gesture")
                guard gesture == "last" else {
                    throw ProtocolError(
                        .invalidValue,
                        "replay.gesture must be \"last\", got \"\(gesture.prefix(64))\"",
                        ref: type,
                        field: "replay.gesture"
                    )
                }
                return .replay(.lastGesture, speed: speed)
            }
            // The whole recording as an object, when it fits in one message; otherwise in parts.
            let part: String
            if case .object? = document["recording"] {
                guard document["part"] == nil else {
                    throw ProtocolError(.badMessage, "replay takes \"recording\" or \"part\", not both", ref: type)
                }
                part = document["recording"]!.encoded
            } else {
                part = try fields.string("part")
            }
            var isLast = document["recording"] != nil
            if !isLast, document["last"] != nil { isLast = try fields.bool("last") }
            return .replay(.part(part, isLast: isLast), speed: speed)
        }
    }
}

/// Typed access to a message's members, with errors that name the member.
private struct Fields {
    let document: JSONValue
    let type: String

    func missing(_ key: String, _ expected: String) -> ProtocolError {
        ProtocolError(
            .badMessage,
            "\(type).\(key) is missing; it must be \(expected)",
            ref: type,
            field: "\(type).\(key)"
        )
    }

    func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> ProtocolError {
        ProtocolError(
            .badMessage,
            "\(type).\(key) must be \(expected), got \(value.kindName)",
            ref: type,
            field: "\(type).\(key)"
        )
    }

    func number(_ key: String) throws(ProtocolError) -> Double {
        guard let value = document[key] else { throw missing(key, "a number") }
        guard case .number(let number) = value else { throw wrong(key, "a number", value) }
        return number
    }

    func string(_ key: String) throws(ProtocolError) -> String {
        guard let value = document[key] else { throw missing(key, "a string") }
        guard case .string(let text) = value else { throw wrong(key, "a string", value) }
        return text
    }

    func bool(_ key: String) throws(ProtocolError) -> Bool {
        guard let value = document[key] else { throw missing(key, "true or false") }
        guard case .bool(let flag) = value else { throw wrong(key, "true or false", value) }
        return flag
    }

    /// The optional `seq`: a whole number when present.
    func seq() throws(ProtocolError) -> Int? {
        guard let value = document["seq"], value != .null else { return nil }
        guard case .number(let number) = value else { throw wrong("seq", "a whole number", value) }
        guard number == number.rounded(), abs(number) <= 9_007_199_254_740_991 else {
            throw ProtocolError(
                .invalidValue,
                "\(type).seq must be a whole number, got \(JSONValue.number(number).encoded)",
                ref: type,
                field: "\(type).seq"
            )
        }
        return Int(number)
    }

    /// The optional `pointerType`: mouse, touch or pen when present.
    func pointerType() throws(ProtocolError) -> PointerType? {
        guard let value = document["pointerType"], value != .null else { return nil }
        guard case .string(let name) = value else { throw wrong("pointerType", "mouse, touch or pen", value) }
        guard let pointerType = PointerType(rawValue: name) else {
            throw ProtocolError(
                .invalidValue,
                "\(type).pointerType must be mouse, touch or pen, got \"\(name.prefix(64))\"",
                ref: type,
                field: "\(type).pointerType"
            )
        }
        return pointerType
    }

    mutating func command() throws(ProtocolError) -> Command {
        let name = try string("name")
        switch name {
        case "next": return .next
        case "prev": return .previous
        case "goto":
            let index = try number("index")
            guard index == index.rounded(), abs(index) <= 1e9 else {
                throw ProtocolError(
                    .invalidValue,
                    "command.index must be a whole number, got \(JSONValue.number(index).encoded)",
                    ref: type,
                    field: "command.index"
                )
            }
            let animated = document["animated"] == nil ? true : try bool("animated")
            return .go(to: Int(index), animated: animated)
        case "autoscroll":
            return .setAutoScroll(enabled: try bool("enabled"))
        default:
            throw ProtocolError(
                .invalidValue,
                "command.name must be next, prev, goto or autoscroll, got \"\(name.prefix(64))\"",
                ref: type,
                field: "command.name"
            )
        }
    }
}
