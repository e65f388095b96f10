import CarouselCore

/// A client message as JSON again: a recording keeps every input as it was applied, in the wire
/// format, so a replay decodes and checks it exactly as the session did.
extension ClientMessage {
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)]
        switch self {
        case .pointer(let phase, let x, let y, let time, _, let pointerType, let at):
            members = [
                ("type", .string("pointer")), ("phase", .string(phase.rawValue)), ("x", .number(x)),
                ("y", .number(y)), ("t", .number(time)),
            ]
            if let pointerType { members.append(("pointerType", .string(pointerType.rawValue))) }
            if let at { members.append(("at", .number(at))) }
        case .wheel(let dx, let dy, let time, _, let at):
            members = [("type", .string("wheel")), ("dx", .number(dx)), ("dy", .number(dy)), ("t", .number(time))]
            if let at { members.append(("at", .number(at))) }
        case .command(let command, _):
            members = [("type", .string("command"))] + Self.members(of: command)
        case .configure(let config, let items, _):
            members = [("type", .string("configure"))]
            if let config { members.append(("config", config)) }
            switch items {
            case .list(let list)?: members.append(("items", list))
            case .count(let count)?: members.append(("itemCount", .number(Double(count))))
            case nil: break
            }
        case .visibility(let hidden, _):
            members = [("type", .string("visibility")), ("hidden", .bool(hidden))]
        case .advance(let milliseconds, _):
            members = [("type", .string("advance")), ("ms", .number(milliseconds))]
        case .ping(let id):
            members = [("type", .string("ping")), ("id", id)]
        case .export:
            members = [("type", .string("export"))]
        case .feel:
            members = [("type", .string("feel"))]
        case .render(let source, let format):
            members = [("type", .string("render")), ("format", .string(format.rawValue))]
            if case .part(let part, let isLast) = source {
                members += [("part", .string(part)), ("last", .bool(isLast))]
            }
        case .record(let action):
            members = [("type", .string("record")), ("action", .string(action.rawValue))]
        case .replay(.part(let part, let isLast), let speed):
            members = [
                ("type", .string("replay")), ("part", .string(part)), ("last", .bool(isLast)),
                ("speed", .number(speed)),
            ]
        case .replay(.lastGesture, let speed):
            members = [("type", .string("replay")), ("gesture", .string("last")), ("speed", .number(speed))]
        case .name(let name):
            members = [("type", .string("name")), ("name", .string(name?.text ?? ""))]
        case .replayControl(let control):
            members = [("type", .string("replay")), ("action", .string(control.action.rawValue))]
            if case .seek(let milliseconds) = control { members.append(("ms", .number(milliseconds))) }
        case .image(let name, let bytes):
            members = [("type", .string("image")), ("bytes", .number(Double(bytes))), ("name", .string(name))]
        case .variant(.delete(let name)):
            members = [("type", .string("variant")), ("action", .string("delete")), ("name", .string(name))]
        case .variant(.save(let name, let config, let itemCount)):
            members = [("type", .string("variant")), ("action", .string("save")), ("name", .string(name))]
            if let config {
                members.append(
                    ("config", .object([("preset", .string(config.presetName))] + config.changesFromPreset))
                )
            }
            if let itemCount { members.append(("itemCount", .number(Double(itemCount)))) }
        }
        if let seq { members.append(("seq", .number(Double(seq)))) }
        return .object(members)
    }

    private static func members(of command: Command) -> [(key: String, value: JSONValue)] {
        switch command {
        case .next: [("name", .string("next"))]
        case .previous: [("name", .string("prev"))]
        case .go(let index, let animated):
            [("name", .string("goto")), ("index", .number(Double(index))), ("animated", .bool(animated))]
        case .setAutoScroll(let enabled): [("name", .string("autoscroll")), ("enabled", .bool(enabled))]
        }
    }
}
