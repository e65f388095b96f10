import CarouselCore

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

// MARK: - Instructions

/// An instruction's operation: the low nibble of its first byte (the high nibble picks the
/// connection). `Fuzz/sequence_seeds.py` reads these numbers from this file, so the seeds and the
/// fuzzer cannot disagree. Every value is taken: a new instruction goes under `extended`.
enum Opcode: UInt8 {
    case down = 0, move = 1, up = 2, cancel = 3, advance = 4, command = 5, configure = 6, visibility = 7
    case tick = 8, reopen = 9, moveAgain = 10, odd = 11, advanceAgain = 12, ping = 13, moveOnceMore = 14
    /// The next byte picks an `Extended` instruction.
    case extended = 15
}

/// Instructions after `Opcode.extended`, by the next byte. A byte past the last does nothing, so a
/// new instruction appended here changes the meaning of no program written before it.
enum Extended: UInt8 {
    case recordStart = 0, recordStop = 1, slowMotion = 2, probe = 3
}

/// A `configure` field byte, bits 0-6 modulo (6 + the numeric fields): these first, then the
/// schema's numeric fields in its order (`numericFields`), so a new field in the schema moves none
/// of these. Bit 7 is the flag of `autoscroll`, `loop` and `axis`.
enum ConfigureField: UInt8, CaseIterable {
    case autoscroll = 0, loop = 1, axis = 2, preset = 3, items = 4, namedChoice = 5
}

/// The flag bit of a `configure` field byte.
let configureFlag: UInt8 = 0x80

func pointer(_ phase: String, _ run: inout Run, _ index: Int, _ program: inout Program) {
    let x = program.number(coordinates, previous: run.viewers[index].x)
    let y = program.number(coordinates, previous: run.viewers[index].y)
    let t = program.number(timestamps, previous: run.viewers[index].t)
    if let value = x.value { run.viewers[index].x = value }
    if let value = y.value { run.viewers[index].y = value }
    if let value = t.value { run.viewers[index].t = value }
    let seq = run.nextSeq()
    // A viewer may switch what it drags with at any message, or not say; each change is a list for all.
    let pointerTypes = ["", ",\"pointerType\":\"mouse\"", ",\"pointerType\":\"touch\"", ",\"pointerType\":\"pen\""]
    let pointerType = pointerTypes[Int(program.byte()) % pointerTypes.count]
    run.send(
        index,
        "{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(x.text),\"y\":\(y.text),\"t\":\(t.text),\"seq\":\(seq)\(pointerType)}"
    )
}

func command(_ run: inout Run, _ index: Int, _ program: inout Program) {
    let choice = program.byte()
    let text: String
    switch choice % 5 {
    case 0: text = "\"name\":\"next\""
    case 1: text = "\"name\":\"prev\""
    case 2, 3:
        let target = program.number(indices)
        text = "\"name\":\"goto\",\"index\":\(target.text)" + (choice % 5 == 3 ? ",\"animated\":false" : "")
    default: text = "\"name\":\"autoscroll\",\"enabled\":\(choice & 8 != 0)"
    }
    let seq = run.nextSeq()
    run.send(index, "{\"type\":\"command\",\(text),\"seq\":\(seq)}")
}

func items(count: Int, _ program: inout Program) -> String {
    let shape = program.byte()
    var text = "["
    for item in 0..<count {
        if item > 0 { text += "," }
        text += "{\"id\":\"i\(item)\""
        if shape & 1 != 0 {
            text += ",\"height\":\(cardHeights[(item + Int(shape >> 1)) % cardHeights.count].description)"
        }
        if shape & 2 != 0 { text += ",\"kind\":\"\(item % 3 == 0 ? "photo" : "text")\"" }
        text += "}"
    }
    return text + "]"
}

/// The configuration's numeric fields, from the protocol's schema: each one's path, with the
/// wire's edge numbers and its own (its bounds and their neighbours).
let numericFields = ConfigurationSchema.fields.filter { $0.range != nil }.map { field in
    (path: field.path, values: configValues + field.edgeValues)
}

/// The configuration's named choices but `axis` (which has its own case), from the schema: `align`,
/// `direction`, `snapping`, ...
let choiceFields = ConfigurationSchema.fields.filter { !$0.choices.isEmpty && $0.path != ["axis"] }

/// `"key":value`, nested under each earlier key of `path`: `"viewport":{"width":375}`.
func member(_ path: [String], _ value: String) -> String {
    var text = "\"\(path[path.count - 1])\":\(value)"
    for key in path.dropLast().reversed() { text = "\"\(key)\":{\(text)}" }
    return text
}

func configure(_ run: inout Run, _ index: Int, _ program: inout Program) {
    let header = program.byte()
    var members: [String] = []
    var itemsText: String?
    for _ in 0...(header & 3) {
        let byte = program.byte()
        let flag = byte & configureFlag != 0
        let pick = Int(byte & ~configureFlag) % (ConfigureField.allCases.count + numericFields.count)
        switch ConfigureField(rawValue: UInt8(pick)) {
        case .autoscroll: members.append("\"autoscroll\":{\"enabled\":\(flag)}")
        case .loop: members.append("\"loop\":\(flag)")
        case .axis: members.append("\"axis\":\"\(flag ? "vertical" : "horizontal")\"")
        case .preset: members.append("\"preset\":\"\(presets[Int(program.byte()) % presets.count])\"")
        case .items: itemsText = items(count: itemCounts[Int(program.byte()) % itemCounts.count], &program)
        case .namedChoice:
            // One byte picks the field and the name; from 0xF0 a name no field takes.
            let choice = Int(program.byte())
            let named = choiceFields[choice % choiceFields.count]
            let name = choice >= 0xF0 ? "middle" : named.choices[(choice / choiceFields.count) % named.choices.count]
            members.append(member(named.path, "\"\(name)\""))
        case nil:
            let numeric = numericFields[pick - ConfigureField.allCases.count]
            members.append(member(numeric.path, program.number(numeric.values).text))
        }
    }
    var text = "{\"type\":\"configure\""
    if !members.isEmpty || itemsText == nil { text += ",\"config\":{\(members.joined(separator: ","))}" }
    if let itemsText { text += ",\"items\":\(itemsText)" }
    run.send(index, text + ",\"seq\":\(run.nextSeq())}")
}

/// Speeds of a Slow-mo replay: its slowest, a middle one, real time.
let replaySpeeds = [0.1, 0.25, 1]

/// Instruction 15: one byte picks `record` `start`, `record` `stop`, Slow-mo of the last gesture
/// (a speed from `replaySpeeds`: the next byte), or the checkpoint probe (for 1 + the next byte
/// mod 16 instructions, from the connection's session's next checkpoint, or the one it rests on).
func recordOrReplay(_ run: inout Run, _ index: Int, _ program: inout Program) {
    switch Extended(rawValue: program.byte()) {
    case nil: return
    case .recordStart: run.send(index, "{\"type\":\"record\",\"action\":\"start\"}")
    case .recordStop: run.send(index, "{\"type\":\"record\",\"action\":\"stop\"}")
    case .slowMotion:
        let speed = replaySpeeds[Int(program.byte()) % replaySpeeds.count]
        run.send(index, "{\"type\":\"replay\",\"gesture\":\"last\",\"speed\":\(speed)}")
    case .probe:
        let instructions = 1 + Int(program.byte() % 16)
        guard let name = run.viewers[index].query["session"] else { return }
        run.record("probe \(name) for \(instructions) instructions")
        // Counted down after this instruction: the probe runs for the `instructions` after it.
        run.watches[name]?.probeInstructions = instructions + 1
        // A session resting on its checkpoint starts the probe at once.
        run.observe([], in: [name], call: nil, playsReplay: false)
    }
}

/// At the program's end: recordings under way are stopped (by a viewer of their session) and
