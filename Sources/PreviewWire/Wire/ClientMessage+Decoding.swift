import CarouselCore

/// A client message read from its wire form: the `type` first, then each member it needs.
extension ClientMessage {
    /// Decodes one text frame, or throws the `error` to answer it with.
    public static func decode(_ text: String) throws(ProtocolError) -> ClientMessage {
        let document = try JSONParser.parse(text) { ProtocolError(.badJSON, "not valid JSON: \($0)", ref: nil) }
        return try decode(document: document)
    }

    /// Decodes a message already parsed (a recording's step), or throws the `error` to answer it with.
    package static func decode(document: JSONValue) throws(ProtocolError) -> ClientMessage {
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
        var fields = MessageFields(document: document, type: type)
        switch kind {
        case .pointer:
            let phaseName = try fields.string("phase")
            guard let phase = PointerEvent.Kind(rawValue: phaseName) else {
                throw fields.invalid("phase", "must be down, move, up or cancel, got \"\(phaseName)\"")
            }
            return .pointer(
                phase: phase,
                x: try fields.number("x"),
                y: try fields.number("y"),
                time: try fields.number("t"),
                seq: try fields.seq(),
                pointerType: try fields.pointerType(),
                at: try fields.sessionTime()
            )
        case .wheel:
            return .wheel(
                dx: try fields.number("dx"),
                dy: try fields.number("dy"),
                time: try fields.number("t"),
                seq: try fields.seq(),
                at: try fields.sessionTime()
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
                    throw fields.invalid(
                        "itemCount",
                        "must be a whole number from 0 to \(CatalogItem.maximumCount), got \(JSONValue.number(count).encoded)"
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
                throw fields.invalid(
                    "ms",
                    "must be greater than 0 and at most 10000, got \(JSONValue.number(milliseconds).encoded)"
                )
            }
            return .advance(milliseconds: milliseconds, seq: try fields.seq())
        case .ping:
            let id = document["id"] ?? .null
            guard id.encoded.utf8.count <= maximumPingIDBytes else {
                throw fields.invalid("id", "must be at most \(maximumPingIDBytes) bytes as JSON (the pong repeats it)")
            }
            return .ping(id: id)
        case .export:
            return .export
        case .feel:
            return .feel
        case .render:
            let name = document["format"] == nil ? AnimationFormat.webp.rawValue : try fields.string("format")
            guard let format = AnimationFormat(rawValue: name) else {
                throw fields.invalid("format", "must be webp or gif, got \"\(name.prefix(64))\"")
            }
            return .render(try Self.recordingPart(of: document, fields: &fields, type: type), format: format)
        case .record:
            let name = try fields.string("action")
            guard let action = RecordAction(rawValue: name) else {
                throw fields.invalid("action", "must be start or stop, got \"\(name.prefix(64))\"")
            }
            return .record(action)
        case .replay:
            // `action` asks something of the replay playing; it plays nothing, so it takes nothing else.
            if document["action"] != nil {
                guard document["gesture"] == nil, document["recording"] == nil, document["part"] == nil,
                    document["speed"] == nil
                else {
                    throw ProtocolError(
                        .badMessage,
                        "replay with \"action\" takes no \"gesture\", \"recording\", \"part\" or \"speed\"",
                        ref: type
                    )
                }
                let name = try fields.string("action")
                guard let action = ReplayAction(rawValue: name) else {
                    let names = ReplayAction.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fields.invalid("action", "must be one of \(names), got \"\(name.prefix(64))\"")
                }
                guard action == .seek || document["ms"] == nil else {
                    throw ProtocolError(.badMessage, "replay \(name) takes no \"ms\" (only seek does)", ref: type)
                }
                switch action {
                case .stop: return .replayControl(.stop)
                case .pause: return .replayControl(.pause)
                case .resume: return .replayControl(.resume)
                case .step: return .replayControl(.step)
                case .seek:
                    // The upper bound is the replay's own length, which the hub checks.
                    let milliseconds = try fields.number("ms")
                    guard milliseconds >= 0 else {
                        throw fields.invalid(
                            "ms",
                            "must be 0 or more (the recording's time), got \(JSONValue.number(milliseconds).encoded)"
                        )
                    }
                    // -0 is 0: the seek's answer never says "-0".
                    return .replayControl(.seek(milliseconds: milliseconds + 0))
                }
            }
            let speed = document["speed"] == nil ? 1 : try fields.number("speed")
            guard ClientMessage.replaySpeeds.contains(speed) else {
                throw fields.invalid("speed", "must be from 0.1 to 1, got \(JSONValue.number(speed).encoded)")
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
                    throw fields.invalid("gesture", "must be \"last\", got \"\(gesture.prefix(64))\"")
                }
                return .replay(.lastGesture, speed: speed)
            }
            return .replay(try Self.recordingPart(of: document, fields: &fields, type: type), speed: speed)
        case .name:
            return .name(try ViewerName.read(try fields.string("name")))
        case .image:
            // The size is checked against the server's limits when the upload begins (the hub's).
            let bytes = try fields.number("bytes")
            guard bytes == bytes.rounded(), bytes >= 1, bytes <= Double(Int32.max) else {
                throw fields.invalid("bytes", "must be a whole number of bytes from 1, got \(bytes)")
            }
            let name = document["name"] == nil ? "" : try fields.string("name")
            return .image(name: String(name.prefix(128)), bytes: Int(bytes))
        case .variant:
            let actionName = try fields.string("action")
            guard let action = VariantAction(rawValue: actionName) else {
                throw fields.invalid("action", "must be save or delete, got \"\(actionName.prefix(64))\"")
            }
            let name = try Variant.name(try fields.string("name"), field: "variant.name")
            switch action {
            case .delete:
                guard document["config"] == nil, document["itemCount"] == nil else {
                    throw ProtocolError(.badMessage, "variant delete takes only \"name\"", ref: type)
                }
                return .variant(.delete(name: name))
            case .save:
                let config = try document["config"].map { json throws(ProtocolError) in
                    try Variant.configuration(json, field: "variant.config")
                }
                let count = try document["itemCount"].map { json throws(ProtocolError) in
                    try Variant.itemCount(json, field: "variant.itemCount")
                }
                return .variant(.save(name: name, config: config, itemCount: count))
            }
        }
    }

    /// A recording carried by a `replay` or `render`: whole as an object in `recording`, when it fits
    /// in one message; otherwise its text in `part`s, the last one with `"last":true`.
    private static func recordingPart(
        of document: JSONValue,
        fields: inout MessageFields,
        type: String
    ) throws(ProtocolError) -> ReplaySource {
        if case .object? = document["recording"] {
            guard document["part"] == nil else {
                throw ProtocolError(.badMessage, "\(type) takes \"recording\" or \"part\", not both", ref: type)
            }
            return .part(document["recording"]!.encoded, isLast: true)
        }
        let part = try fields.string("part")
        let isLast = document["last"] == nil ? false : try fields.bool("last")
        return .part(part, isLast: isLast)
    }
}
