/// libFuzzer over *sequences* of protocol messages: every input is a small program that drives a
/// `PreviewHub` exactly as the transport would (open / receive text / tick / close), with numbers
/// at the edges (0, -0, subnormals, 1e-307, the 10^6 coordinate limit and just past it, timestamps
/// that repeat, jump by 1e12 or go backwards, advances of 1e-9 ms up to the 10000 ms maximum).
/// After every step each message the hub returns is encoded and checked: frames must hold only
/// finite numbers, and no message may print `null` where the protocol promises a number, nor
/// `nan`/`inf`. A violation is a `fatalError`, which libFuzzer records as a crash.
///
/// Recordings and replays must reproduce what the viewers saw (`SessionWatch`): a recording, when it
/// ends, reads back (`Recording(text:)`), writes back as the same text, and replays headless to the
/// very frames the session's viewers got between `record` `started` and `stopped`; a Slow-mo of the
/// last gesture plays the frames of the gesture's headless replay; and a checkpoint probe restores a
/// session from the checkpoint its session rests on (through the checkpoint's JSON) and gives it
/// every call the hub makes on the original, which must send the same frames (`CheckpointProbe`).
/// Recordings still under way when the program ends are stopped, and replays play to their end.
///
/// How bytes map to messages (a byte past the end of the input reads as 0):
///
/// Header, 2 bytes.
/// - byte 0: bits 0-2 the preset of the manual-clock session `m` (mod 5: banner, paged, coverflow,
///   strip, cards); bit 3 also opens a live-clock session `l`, with the preset in bits 5-7 (mod 5);
///   bit 4 joins a third viewer to `m`. Connections 1 and 2 (and 3) view `m`, the next one `l`.
/// - byte 1: 0 keeps the bundled items; otherwise connection 1 first sends a `configure` whose
///   `items` holds `itemCounts[(byte 1 - 1) % count]` items (cards get varied heights and kinds).
///
/// Then one instruction after another until the input ends. An instruction's first byte picks
/// the connection (high nibble, mod the number of connections) and the operation (low nibble):
///   0 pointer down, 1 / 10 / 14 move, 2 up, 3 cancel: x, y and t are one number each;
///   4 / 12 advance: ms is one number;
///   5 command: one byte picks next, prev, goto (index: one number, then animated), goto not
///     animated, or autoscroll (enabled from the byte's bit 3);
///   6 configure: one byte, 1 + its low 2 bits fields, each a byte choosing the field and (for
///     numeric fields) one number; some fields are `items` (a count byte), `preset` (a byte) or a
///     named choice such as `align` or `snapping` (a byte picks the field and the name);
///   7 visibility: hidden = the low bit of one byte;
///   8 time passes on the hub's clock (one byte picks the step from `hubSteps`) and the hub ticks;
///   9 the connection closes, or opens again (rejoining its session, or creating it again);
///   11 a bad or odd message (one byte picks it); 13 ping;
///   15 recording and replay (one byte picks): `record` `start`, `record` `stop`, Slow-mo of the
///     last gesture (a byte picks the speed), or a checkpoint probe (a byte: for how many instructions).
///
/// A number is one selector byte and what follows it:
///   0x00-0x7F an entry of the field's table of edge values (selector mod the table's size);
///   0x80-0xBF the connection's previous value of that field plus an entry of `deltas`;
///   0xC0-0xEF the next 8 bytes as a Double's bit pattern, little endian (seeds use these);
///   0xF0-0xFF a literal that is not a finite JSON number (`nan`, `inf`, `1e400`, `-`, ...).
/// Finite values are written with Swift's `description` (`5e-324`, `-0.0`, `1e+16`), which JSON
/// accepts; the literals must be answered with an error, never a crash.
///
/// Every hub call moves the hub's clock 1 ms forward (it never goes back, like the transport's).
/// `SEQUENCE_FUZZER_TRACE=1 SequenceFuzzer FILE` prints every message sent and received, to turn a
/// crashing input into its message list.

import CarouselCore
import FuzzerDriver

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Edge values

/// 5e-324 and 2.2e-308, both subnormal (written as literals they draw an underflow warning).
private let tiny = Double.leastNonzeroMagnitude
private let subnormal = Double("2.2e-308")!

private let coordinates: [Double] = [
    0, -0.0, tiny, -tiny, subnormal, 2.2250738585072014e-308, 1e-307, -1e-307, 1e-300, 1e-9,
    0.1, 0.5, 1, 5, 10, -10, 90, 120, 180, 270, 300, 375, 560, 1e3, 1e5,
    1e6, -1e6, 1e6.nextDown, 1e6.nextUp, -(1e6.nextUp), 1_000_001, 1e7, 1e15, 1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 4_503_599_627_370_496, 9.007199254740994e15,
]

private let timestamps: [Double] = [
    0, -0.0, tiny, subnormal, 1e-307, 1e-300, 1e-9, 1, 4, 8, 16, 24, 32, 33, 40, 41, 100, 101,
    1e3, 1e6, 1e12, -1e12, 1e15, -1e15, 1e15.nextUp, 1e16, -1, .greatestFiniteMagnitude,
]

/// Added to the previous value (coordinates and timestamps).
private let deltas: [Double] = [
    0, -0.0, tiny, 1e-307, 1e-9, 0.5, 1, 4, 8, 16, 30, 40, 41, 100, 1e3, 1e12,
    -tiny, -1e-9, -1, -8, -100, -1e12, 1e6, -1e6, 1e15,
]

private let advances: [Double] = [
    1e-9, tiny, subnormal, 1e-307, 1e-300, 1e-6, 0.001, 0.5, 1, 3.999, 4, 4.000001, 8, 16, 17, 100,
    500, 1000, 3000, 9999.999, 10_000, (10_000.0).nextUp, 10_001, 0, -0.0, -1, 1e12,
]

private let configValues: [Double] = [
    0, -0.0, tiny, subnormal, 1e-307, 1e-300, 1e-9, 0.01, 0.5, 0.8, 0.9, 0.99, 0.999999, (1.0).nextDown, 1,
    (1.0).nextUp, 2, 8, 10, 16, 20, 100, 300, 343, 375, 560, 1000, 10_000, (10_000.0).nextUp, 1e6, 1e6.nextUp,
    1e300, -1, -1e-307, 86_400_000, 86_400_001,
]

private let indices: [Double] = [
    0, -0.0, 1, 2, 3, 4, 5, 6, -1, 999, 1000, 1e9, 1e9 + 1, -1e9, 0.5, tiny, 2_147_483_648, 9.2e18,
]

private let itemCounts = [0, 1, 2, 3, 4, 5, 7, 50, 1000, 1001]
private let cardHeights: [Double] = [560, 1200, 100, 561.5, 5000, 1e-307, 1e6]

/// Steps of the hub's clock, in nanoseconds: sub-millisecond, a 60 Hz tick, up to past the
/// 60 s a session outlives its last viewer, and an hour's stall.
private let hubSteps: [Int64] = [
    1, 1000, 1_000_000, 4_000_000, 16_666_667, 17_000_000, 100_000_000, 1_000_000_000, 3_000_000_000,
    59_999_000_000, 60_000_000_000, 61_000_000_000, 3_600_000_000_000,
]

private let badLiterals = [
    "nan", "inf", "-inf", "-nan", "1e400", "-1e400", "1e-400", "-0", "00", "1.", ".5", "-", "1e", "+1",
    "Infinity", "NaN", "\"5\"", "null", "true", "[]", "0x10",
]

private let presets = Configuration.presetNames

private let oddMessages = [
    "", "{", "null", "[]", "{\"type\":1}", "{\"type\":\"pointer\"}",
    "{\"type\":\"pointer\",\"phase\":\"hover\",\"x\":0,\"y\":0,\"t\":0}",
    "{\"type\":\"pointer\",\"phase\":\"move\",\"x\":0,\"y\":0,\"t\":0,\"seq\":0.5}",
    "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":0,\"y\":0,\"t\":0,\"pointerType\":\"finger\"}",
    "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":0,\"y\":0,\"t\":0,\"pointerType\":7}",
    "{\"type\":\"advance\",\"ms\":8,\"ms\":8}", "{\"type\":\"command\",\"name\":\"goto\"}",
    "{\"type\":\"command\",\"name\":\"jump\"}", "{\"type\":\"configure\"}",
    "{\"type\":\"configure\",\"config\":{\"preset\":\"nope\"}}",
    "{\"type\":\"configure\",\"config\":{\"itemWidth\":null,\"itemHeight\":null}}",
    "{\"type\":\"configure\",\"config\":{\"axis\":\"vertical\"}}",
    "{\"type\":\"configure\",\"items\":[{\"id\":\"a\"},{\"id\":\"a\"}]}",
    "{\"type\":\"visibility\",\"hidden\":0}", "{\"type\":\"ping\",\"id\":[1,{\"a\":-0.0}]}", "{\"type\":\"warp\"}",
]

let traceEnabled = getenv("SEQUENCE_FUZZER_TRACE") != nil

/// A line to standard error, unbuffered: a `fatalError` right after must not lose it.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

// MARK: - Scanning the text

/// Keys whose value is always a number: in frames, and in the configuration of `welcome`/`config`.
private let frameNumberKeys = ["time", "position", "x", "y", "width", "height", "scale"].map { Array($0.utf8) }
private let configNumberKeys = [
    "inset", "spacing", "sideScale", "decelerationRate", "flickVelocity", "springFrequency", "rubberBand",
    "width", "height", "intervalMs",
].map { Array($0.utf8) }
private let nonNumbers = ["nan", "-nan", "inf", "-inf", "NaN", "Infinity", "-Infinity"].map { Array($0.utf8) }
private let nullBytes = Array("null".utf8)
private let itemsKey = Array("\"items\":".utf8)

/// One pass over a message's bytes (`String.contains` goes through Foundation and costs far more
/// than the hub): a value printed as `nan`/`inf`, or `null` under one of `nonNullKeys`; nil if none.
/// `untilItems` stops at the catalog (up to 1000 items the client sent, already validated).
private func scan(_ text: String, nonNullKeys: [[UInt8]], untilItems: Bool = false) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
        func starts(at start: Int, with word: [UInt8]) -> Bool {
            start + word.count <= bytes.count && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
        }
        for colon in bytes.indices {
            if untilItems, bytes[colon] == UInt8(ascii: "\""), starts(at: colon, with: itemsKey) { break }
            guard bytes[colon] == UInt8(ascii: ":") else { continue }
            for word in nonNumbers where starts(at: colon + 1, with: word) {
                return "holds \(String(decoding: word, as: UTF8.self))"
            }
            guard !nonNullKeys.isEmpty, starts(at: colon + 1, with: nullBytes), colon >= 2,
                bytes[colon - 1] == UInt8(ascii: "\"")
            else { continue }
            var open = colon - 2
            while open >= 0, bytes[open] != UInt8(ascii: "\"") { open -= 1 }
            guard open >= 0 else { continue }
            let key = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(colon - 1)])
            for name in nonNullKeys where key.elementsEqual(name) {
                return "has \(String(decoding: name, as: UTF8.self)) null"
            }
        }
        return nil
    }
}

// MARK: - Reading the program

private struct Program {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One number as JSON text (or a literal JSON refuses), with its value when finite.
    mutating func number(_ table: [Double], previous: Double = 0) -> (text: String, value: Double?) {
        let selector = byte()
        let value: Double
        switch selector {
        case 0x00..<0x80: value = table[Int(selector) % table.count]
        case 0x80..<0xC0: value = previous + deltas[Int(selector) % deltas.count]
        case 0xC0..<0xF0:
            var pattern: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { pattern |= UInt64(byte()) << UInt64(shift) }
            value = Double(bitPattern: pattern)
        default: return (badLiterals[Int(selector) % badLiterals.count], nil)
        }
        return (value.description, value.isFinite ? value : nil)
    }
}

// MARK: - The hub and its viewers

private struct Viewer {
    let connection: Int
    let query: [String: String]
    var isOpen = false
    var x = 0.0, y = 0.0, t = 0.0
}

private struct Run {
    var hub = PreviewHub()
    var now = Duration.zero
    var viewers: [Viewer] = []
    var seq = 0
    /// What was sent so far, printed when an invariant fails.
    var log: [String] = []
    /// Recordings, replays and checkpoint probes, by session name.
    var watches: [String: SessionWatch] = [:]

    mutating func open(_ index: Int) {
        now += .milliseconds(1)
        viewers[index].isOpen = true
        let query = viewers[index].query
        let connection = viewers[index].connection
        let name = query["session"]!
        record("open \(connection) session=\(name) clock=\(query["clock"]!) preset=\(query["preset"]!)")
        if hub.sessions.index(forKey: name) == nil { watches[name] = SessionWatch(createdAt: now) }
        let actions = hub.open(connection, query: query, now: now).actions
        check(actions)
        let call = hub.members[connection].map { SessionCall.join(client: $0.client) }
        observe(actions, in: [name], call: call, playsReplay: false)
    }

    mutating func close(_ index: Int) {
        now += .milliseconds(1)
        viewers[index].isOpen = false
        let connection = viewers[index].connection
        record("close \(connection)")
        let member = hub.members[connection]
        let actions = hub.close(connection, now: now).actions
        check(actions)
        if let member {
            observe(actions, in: [member.session], call: .leave(client: member.client), playsReplay: false)
        }
    }

    mutating func send(_ index: Int, _ text: String) {
        now += .milliseconds(1)
        let connection = viewers[index].connection
        record("> \(connection) \(text)")
        guard var member = hub.members[connection] else {
            check(hub.receive(connection, text: text, now: now).actions)
            return
        }
        // What the hub will do with the message, worked out as it does: the probe repeats the session's call.
        var call: SessionCall?
        var playsReplay = false
        if member.limiter.admit(at: now) == .accept, let message = try? ClientMessage.decode(text) {
            switch message {
            case .replay(.lastGesture, _):
                playsReplay = true
                if let hosted = hub.sessions[member.session] {
                    do {
                        watches[member.session]?.expectedReplay = try SessionWatch.lastGestureFrames(
                            of: hosted.session,
                            now: now
                        )
                    } catch {
                        fail(error.what, error.text)
                    }
                }
            case .replay, .stopReplay: playsReplay = true
            // In a manual-clock session an advance moves a replay playing, not the session.
            case .advance where hub.sessions[member.session]?.replayClock != nil: playsReplay = true
            default: call = .receive(message, client: member.client)
            }
        }
        let actions = hub.receive(connection, text: text, now: now).actions
        check(actions)
        observe(actions, in: [member.session], call: call, playsReplay: playsReplay)
    }

    mutating func tick(by nanoseconds: Int64) {
        now += .nanoseconds(nanoseconds)
        record("tick +\(nanoseconds) ns")
        let names = Array(hub.sessions.keys)
        let actions = hub.tick(now: now).actions
        check(actions)
        observe(actions, in: names, call: .tick, playsReplay: true)
    }

    /// Follows what `actions` did in each of the sessions named: see `SessionWatch.observe`.
    mutating func observe(_ actions: [TransportAction], in names: [String], call: SessionCall?, playsReplay: Bool) {
        for name in names {
            guard let hosted = hub.sessions[name] else {
                watches[name] = nil
                continue
            }
            let members = Set(hub.members.filter { $0.value.session == name }.keys)
            do {
                try watches[name]?.observe(
                    actions,
                    members: members,
                    hosted: hosted,
                    call: call,
                    now: now,
                    playsReplay: playsReplay
                )
            } catch {
                fail(error.what, error.text)
            }
        }
    }

    mutating func nextSeq() -> Int {
        seq += 1
        return seq
    }

    mutating func record(_ line: String) {
        if traceEnabled { printError(line) }
        log.append(line)
    }

    // MARK: Invariants

    /// Every number a frame carries is finite and the text says so; no message prints a non-number;
    /// and no session ever had to refuse a frame for a non-finite number (it would send a fresh
    /// engine's frame instead, which the checks on the text could not see).
    func check(_ actions: [TransportAction]) {
        if hub.refusedFrameCount > 0 { fail("a session refused \(hub.refusedFrameCount) non-finite frame(s)", "") }
        for action in actions {
            guard case .send(let connection, let message) = action else { continue }
            let text = message.text
            if traceEnabled { printError("< \(connection) \(text)") }
            if let frameMessage = message.frame {
                checkFrame(frameMessage, text, connection)
            } else if text.hasPrefix("{\"type\":\"welcome\"") || text.hasPrefix("{\"type\":\"config\"") {
                if let problem = scan(text, nonNullKeys: configNumberKeys, untilItems: true) {
                    fail("a configuration sent to \(connection) \(problem)", text)
                }
            } else if let problem = scan(text, nonNullKeys: []) {
                fail("a message to \(connection) \(problem)", text)
            }
        }
    }

    func checkFrame(_ message: FrameMessage, _ text: String, _ connection: Int) {
        let frame = message.frame
        guard message.time.isFinite else { fail("frame time \(message.time) is not finite", text) }
        guard frame.position.isFinite else { fail("frame position \(frame.position) is not finite", text) }
        for slot in frame.slots {
            for (name, value) in [
                ("x", slot.x), ("y", slot.y), ("width", slot.width), ("height", slot.height), ("scale", slot.scale),
            ]
            where !value.isFinite {
                fail("slot \(slot.id) \(name) is \(value)", text)
            }
            if let item = slot.itemIndex, !(0..<frame.itemCount).contains(item) {
                fail("slot \(slot.id) shows item \(item) of \(frame.itemCount)", text)
            }
        }
        guard frame.itemCount >= 0, frame.currentIndex >= 0, frame.currentIndex <= max(0, frame.itemCount - 1) else {
            fail("index \(frame.currentIndex) of \(frame.itemCount) items", text)
        }
        if let problem = scan(text, nonNullKeys: frameNumberKeys) { fail("a frame to \(connection) \(problem)", text) }
    }

    func fail(_ what: String, _ text: String) -> Never {
        printError("SequenceFuzzer: invariant violated: \(what)\nmessage: \(text)\nsequence:")
        for line in log { printError("  \(line)") }
        fatalError("SequenceFuzzer: \(what)")
    }
}

// MARK: - Instructions

private func pointer(_ phase: String, _ run: inout Run, _ index: Int, _ program: inout Program) {
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

private func command(_ run: inout Run, _ index: Int, _ program: inout Program) {
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

private func items(count: Int, _ program: inout Program) -> String {
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
private let numericFields = ConfigurationSchema.fields.filter { $0.range != nil }.map { field in
    (path: field.path, values: configValues + field.edgeValues)
}

/// The configuration's named choices but `axis` (which has its own case), from the schema: `align`,
/// `direction`, `snapping`, ...
private let choiceFields = ConfigurationSchema.fields.filter { !$0.choices.isEmpty && $0.path != ["axis"] }

/// `"key":value`, nested under each earlier key of `path`: `"viewport":{"width":375}`.
private func member(_ path: [String], _ value: String) -> String {
    var text = "\"\(path[path.count - 1])\":\(value)"
    for key in path.dropLast().reversed() { text = "\"\(key)\":{\(text)}" }
    return text
}

private func configure(_ run: inout Run, _ index: Int, _ program: inout Program) {
    let header = program.byte()
    var members: [String] = []
    var itemsText: String?
    for _ in 0...(header & 3) {
        let field = Int(program.byte())
        let choice = field % (numericFields.count + 6)
        switch choice - numericFields.count {
        case ..<0:
            let numeric = numericFields[choice]
            members.append(member(numeric.path, program.number(numeric.values).text))
        case 0: members.append("\"autoscroll\":{\"enabled\":\(field & 0x20 != 0)}")
        case 1: members.append("\"loop\":\(field & 0x20 != 0)")
        case 2: members.append("\"axis\":\"\(field & 0x20 != 0 ? "vertical" : "horizontal")\"")
        case 3: members.append("\"preset\":\"\(presets[Int(program.byte()) % presets.count])\"")
        case 4: itemsText = items(count: itemCounts[Int(program.byte()) % itemCounts.count], &program)
        default:
            // One byte picks the field and the name; from 0xF0 a name no field takes.
            let pick = Int(program.byte())
            let named = choiceFields[pick % choiceFields.count]
            let name = pick >= 0xF0 ? "middle" : named.choices[(pick / choiceFields.count) % named.choices.count]
            members.append(member(named.path, "\"\(name)\""))
        }
    }
    var text = "{\"type\":\"configure\""
    if !members.isEmpty || itemsText == nil { text += ",\"config\":{\(members.joined(separator: ","))}" }
    if let itemsText { text += ",\"items\":\(itemsText)" }
    run.send(index, text + ",\"seq\":\(run.nextSeq())}")
}

private func execute(_ program: inout Program) {
    var run = Run()
    let setup = program.byte()
    let catalog = program.byte()
    let manualPreset = presets[Int(setup & 7) % presets.count]
    let manualViewers = setup & 0x10 != 0 ? 3 : 2
    for connection in 1...manualViewers {
        run.viewers.append(
            Viewer(connection: connection, query: ["session": "m", "clock": "manual", "preset": manualPreset])
        )
    }
    if setup & 8 != 0 {
        let livePreset = presets[Int(setup >> 5) % presets.count]
        run.viewers.append(
            Viewer(connection: manualViewers + 1, query: ["session": "l", "clock": "live", "preset": livePreset])
        )
    }
    for index in run.viewers.indices { run.open(index) }
    if catalog != 0 {
        let count = itemCounts[(Int(catalog) - 1) % itemCounts.count]
        run.send(0, "{\"type\":\"configure\",\"items\":\(items(count: count, &program))}")
    }

    while !program.isAtEnd {
        let instruction = program.byte()
        let index = Int(instruction >> 4) % run.viewers.count
        switch instruction & 15 {
        case 0: pointer("down", &run, index, &program)
        case 1, 10, 14: pointer("move", &run, index, &program)
        case 2: pointer("up", &run, index, &program)
        case 3: pointer("cancel", &run, index, &program)
        case 4, 12:
            let ms = program.number(advances)
            run.send(index, "{\"type\":\"advance\",\"ms\":\(ms.text),\"seq\":\(run.nextSeq())}")
        case 5: command(&run, index, &program)
        case 6: configure(&run, index, &program)
        case 7:
            run.send(index, "{\"type\":\"visibility\",\"hidden\":\(program.byte() & 1 != 0),\"seq\":\(run.nextSeq())}")
        case 8: run.tick(by: hubSteps[Int(program.byte()) % hubSteps.count])
        case 9:
            if run.viewers[index].isOpen { run.close(index) } else { run.open(index) }
        case 11: run.send(index, oddMessages[Int(program.byte()) % oddMessages.count])
        case 15: recordOrReplay(&run, index, &program)
        default: run.send(index, "{\"type\":\"ping\",\"id\":\(run.nextSeq())}")
        }
        for name in run.watches.keys { run.watches[name]!.instructionEnded() }
    }
    finish(&run)
    for index in run.viewers.indices where run.viewers[index].isOpen { run.close(index) }
    run.tick(by: 61_000_000_000)
}

/// Speeds of a Slow-mo replay: its slowest, a middle one, real time.
private let replaySpeeds = [0.1, 0.25, 1]

/// Instruction 15: one byte picks `record` `start`, `record` `stop`, Slow-mo of the last gesture
/// (a speed from `replaySpeeds`: the next byte), or the checkpoint probe (for 1 + the next byte
/// mod 16 instructions, from the connection's session's next checkpoint, or the one it rests on).
private func recordOrReplay(_ run: inout Run, _ index: Int, _ program: inout Program) {
    switch program.byte() % 4 {
    case 0: run.send(index, "{\"type\":\"record\",\"action\":\"start\"}")
    case 1: run.send(index, "{\"type\":\"record\",\"action\":\"stop\"}")
    case 2:
        let speed = replaySpeeds[Int(program.byte()) % replaySpeeds.count]
        run.send(index, "{\"type\":\"replay\",\"gesture\":\"last\",\"speed\":\(speed)}")
    default:
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
/// replays play out, so each is checked.
private func finish(_ run: inout Run) {
    for (name, watch) in run.watches where watch.isRecording {
        guard
            let index = run.viewers.indices.first(where: {
                run.viewers[$0].isOpen && run.viewers[$0].query["session"] == name
            })
        else { continue }
        run.send(index, "{\"type\":\"record\",\"action\":\"stop\"}")
    }
    if run.hub.sessions.values.contains(where: { $0.playback != nil }) {
        // The longest replay: 10 minutes of session time at a tenth of real time.
        run.tick(by: 6_001_000_000_000)
    }
    // A tick runs one slice of a replay's work (`Playback.workPerCall`): the rest takes more ticks,
    // at least one step each, so a recording's steps bound them. A manual-clock session's replay
    // plays only as its viewers advance: one of them advances it by the longest advance each
    // round (a session nobody watches any more has expired in the long tick above).
    var ticks = 0
    while run.hub.sessions.values.contains(where: { $0.playback != nil }) {
        guard ticks <= 2 * RecordingLimits.steps else { fatalError("SequenceFuzzer: a replay never finished") }
        for (name, hosted) in run.hub.sessions where hosted.replayClock != nil {
            let viewer = run.viewers.indices.first { run.hub.members[run.viewers[$0].connection]?.session == name }
            if let viewer { run.send(viewer, "{\"type\":\"advance\",\"ms\":10000}") }
        }
        run.tick(by: 16_000_000)
        ticks += 1
    }
}

/// libFuzzer's entry point: the input is a program of messages (see the top of this file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSequence(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var program = Program(bytes: UnsafeRawBufferPointer(start: start, count: count))
    execute(&program)
    return 0
}

/// The executable's entry point (SwiftPM's name for it): libFuzzer's driver over `fuzzSequence`.
@_cdecl("SequenceFuzzer_main")
public func fuzzerMain(
    _ argc: CInt,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    runLibFuzzer(argc: argc, argv: argv) { start, length in fuzzSequence(start, length) }
}
