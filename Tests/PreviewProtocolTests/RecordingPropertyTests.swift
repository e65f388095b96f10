import CarouselCore
import PreviewRecording
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// Random sessions through the hub, as viewers drive them, with recordings started at random
/// moments (at rest and mid-animation) and stopped later: each must replay headless to the very
/// frames its viewers got. And a recording's size is what was recorded, not the session's age.
@Suite("Recordings of random sessions replay byte for byte, whatever the session went through before")
struct RecordingPropertyTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let clocks = ["manual", "live"]

    @Test("every recording of a random session replays to the frames its viewers got", arguments: clocks)
    func recordingsReplay(clock: String) throws {
        var atRest = 0
        var inMotion = 0
        var tracedFrames = 0
        for seed in UInt64(1)...10 {
            var session = RandomSession(seed: seed &* 7919, clock: clock, switchesContent: true)
            session.run(steps: 300, recordings: true)
            atRest += session.recordingsStartedAtRest
            inMotion += session.recordingsStartedInMotion
            tracedFrames += session.tracedFrames
        }
        #expect(tracedFrames > 100, "\(clock): the recordings' engine calls gave only \(tracedFrames) frames")
        // Both kinds of start happen, so both are tested (the generator is seeded: this never flakes).
        #expect(atRest >= 5 && inMotion >= 5, "\(clock): \(atRest) recordings started at rest, \(inMotion) in motion")
    }

    /// Free scroll's coasts replay too: sessions on the strip and the banner with `snapping: free`
    /// in every configure, whose viewers saw rests between snap points.
    @Test("every recording of a random free-scroll session replays to the frames its viewers got", arguments: clocks)
    func freeScrollRecordingsReplay(clock: String) throws {
        var recordings = 0
        var offGridRests = 0
        // Seeds whose preset is the strip (3 mod 5) or the banner (0 mod 5).
        for seed in [UInt64(3), 5, 8, 10, 13, 18] {
            var session = RandomSession(seed: seed, clock: clock, isFree: true, switchesContent: true)
            session.run(steps: 300, recordings: true)
            recordings += session.recordingsStartedAtRest + session.recordingsStartedInMotion
            offGridRests += session.offGridRests
        }
        #expect(
            recordings >= 10 && offGridRests >= 10,
            "\(clock): \(recordings) recordings, \(offGridRests) rests off the grid"
        )
    }

    @Test(
        "the same short recording made after 50 and after 5,000 random steps differs only in numbers",
        arguments: clocks
    )
    func sizeDoesNotGrowWithAge(clock: String) throws {
        let seed: UInt64 = 3
        let young = RandomSession.scriptedRecording(seed: seed, clock: clock, after: 50)
        let old = RandomSession.scriptedRecording(seed: seed, clock: clock, after: 5_000)
        // The script is the same, so the recordings hold the same steps; what the random part
        // can change is numbers (time, seq, client numbers, the engine's rest, step times), each at
        // most 24 characters (a Double's longest text), while the configuration, items and
        // viewers are the script's own. A recording that kept the session's history would grow by
        // kilobytes: 4,950 more steps.
        #expect(
            old.stepCount == young.stepCount,
            "seed \(seed), \(clock): \(young.stepCount) steps after 50, \(old.stepCount) after 5,000"
        )
        let difference = abs(old.text.utf8.count - young.text.utf8.count)
        #expect(
            difference <= 24 * young.numberCount,
            "seed \(seed), \(clock): \(young.text.utf8.count) bytes after 50 steps, \(old.text.utf8.count) after 5,000 (\(young.numberCount) numbers)"
        )
    }
}

/// One session of random steps: connection 1 watches throughout (its frames are the session's),
/// connections 2 and 3 come and go; any of them drags, commands, configures, hides and records.
private struct RandomSession {
    let seed: UInt64
    let clock: String
    var transport = HubTests.FakeTransport()
    var random: SeededGenerator
    var open: Set<Int> = [1]
    var seq = 0
    /// Which connection's finger is down, and where.
    var finger: (connection: Int, x: Double)?
    /// Where in connection 1's messages the recording under way started, and how many steps it has left.
    var recording: (start: Int, stepsLeft: Int)?
    var recordingsStartedAtRest = 0
    /// Frames the recordings' engine calls were checked against on the native host.
    var tracedFrames = 0
    var recordingsStartedInMotion = 0
    var step = 0
    /// Whether every configure asks for free scroll (and the session starts with it).
    var isFree = false
    /// Whether configures also switch the set of items (the size test's script predates them).
    var switchesContent = false
    /// Frames connection 1 got at rest off a snap point (free scroll's rests).
    var offGridRests = 0
    /// How many of connection 1's messages `offGridRests` has looked at.
    var counted = 0

    static let presets = Configuration.presetNames

    init(seed: UInt64, clock: String, isFree: Bool = false, switchesContent: Bool = false) {
        self.seed = seed
        self.clock = clock
        self.isFree = isFree
        self.switchesContent = switchesContent
        random = SeededGenerator(seed: seed)
        let preset = Self.presets[Int(seed % UInt64(Self.presets.count))]
        transport.open(1, ["session": "p", "clock": clock, "preset": preset])
        if isFree { send(1, #"{"type":"configure","config":{"snapping":"free"}}"#) }
    }

    var label: String { "seed \(seed), \(clock) clock, step \(step)" }

    var hosted: HostedSession { transport.hub.sessions["p"]! }

    // MARK: - Steps

    mutating func run(steps: Int, recordings: Bool) {
        for _ in 0..<steps {
            step += 1
            randomStep(recordings: recordings)
            let received = transport.sent[1, default: []]
            offGridRests +=
                received[min(counted, received.count)...].filter {
                    $0.hasPrefix(#"{"type":"frame""#) && $0.contains(#""phase":"idle""#)
                        && !$0.contains(#""position":0,"#)
                }
                .count
            counted = received.count
            if recording == nil {
                counted = 0
                // Nothing recorded needs them: a cards catalog in every welcome would pile up.
                transport.sent.removeAll(keepingCapacity: true)
            }
        }
    }

    mutating func randomStep(recordings: Bool) {
        if recordings, var under = recording {
            under.stepsLeft -= 1
            recording = under
            if under.stepsLeft <= 0 { stopRecording() }
        } else if recordings, Int.random(in: 0..<12, using: &random) == 0 {
            startRecording()
        }
        // While a finger is down, now and then something else happens: a configure, a command, a
        // second finger (refused), a viewer leaving.
        if let finger, Int.random(in: 0..<10, using: &random) > 0 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: move(finger.connection, by: Double.random(in: -90...90, using: &random))
            case 6..<9: pointer("up", finger.connection, x: finger.x)
            default: pointer("cancel", finger.connection, x: finger.x)
            }
            letTimePass(milliseconds: Double(Int.random(in: 4...16, using: &random)))
            return
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<20: flick()
        case 20..<28:
            // A finger on the carousel: a drag follows, or a flick catching the motion mid-flight.
            pointer("down", someViewer(), x: Double.random(in: 20...350, using: &random))
        case 28..<45: letTimePass(milliseconds: Double(Int.random(in: 1...600, using: &random)))
        case 45..<52: letTimePass(milliseconds: 16)
        case 52..<62: command()
        case 62..<74: configure()
        case 74..<79:
            send(someViewer(), #"{"type":"visibility","hidden":\#(Bool.random(using: &random)),"seq":\#(nextSeq())}"#)
        case 79..<87: joinOrLeave()
        default: letTimePass(milliseconds: Double(Int.random(in: 1_000...4_000, using: &random)))
        }
    }

    mutating func nextSeq() -> Int {
        seq += 1
        return seq
    }

    mutating func someViewer() -> Int { open.sorted().randomElement(using: &random)! }

    mutating func send(_ connection: Int, _ text: String) {
        transport.send(connection, text)
    }

    /// The page's timestamps: the transport's clock in ms, with a fraction.
    var timestamp: Double { transport.now.milliseconds + 0.25 }

    mutating func pointer(_ phase: String, _ connection: Int, x: Double) {
        let type = ["mouse", "touch", "pen"][seq % 3]
        send(
            connection,
            #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(timestamp),"pointerType":"\#(type)","seq":\#(nextSeq())}"#
        )
        // The session decides whose finger is down (a second finger is refused): ask it.
        if let owner = hosted.session.engine.activePointerID,
            let connection = transport.hub.members.first(where: { $0.value.session == "p" && $0.value.client == owner }
            )?
            .key
        {
            finger = (connection, phase == "down" ? x : finger?.x ?? x)
        } else {
            finger = nil
        }
    }

    mutating func move(_ connection: Int, by dx: Double) {
        let x = (finger?.x ?? 0) + dx
        pointer("move", connection, x: x)
        if finger != nil { finger!.x = x }
    }

    /// A flick of 1 to 4 moves 8 ms apart, released at speed.
    mutating func flick() {
        let connection = someViewer()
        let dx = Double.random(in: -70...70, using: &random)
        pointer("down", connection, x: 200)
        for _ in 0..<Int.random(in: 1...4, using: &random) where finger?.connection == connection {
            letTimePass(milliseconds: 8)
            move(connection, by: dx)
        }
        if finger?.connection == connection { pointer("up", connection, x: finger!.x) }
    }

    /// Time passes: a manual clock is advanced by a viewer; a live one is ticked on the frame grid.
    mutating func letTimePass(milliseconds: Double) {
        if clock == "manual" {
            send(someViewer(), #"{"type":"advance","ms":\#(milliseconds),"seq":\#(nextSeq())}"#)
            transport.tick(by: .milliseconds(1))  // the hub's clock moves on, as a server's does
            return
        }
        // As the server's loop does: on the frame grid while something moves, else at the next deadline.
        let end = transport.now + Duration(milliseconds: milliseconds)
        var next = transport.now + .milliseconds(16)
        while transport.now < end {
            transport.now = min(next, end)
            let response = transport.hub.tick(now: transport.now)
            transport.perform(response.actions)
            guard let deadline = response.nextDeadline else { break }
            next = deadline <= transport.now ? transport.now + .milliseconds(16) : deadline
        }
        transport.now = end
    }

    mutating func command() {
        let text: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0: text = #""name":"next""#
        case 1: text = #""name":"prev""#
        case 2: text = #""name":"goto","index":\#(Int.random(in: 0..<12, using: &random))"#
        case 3: text = #""name":"goto","index":\#(Int.random(in: 0..<12, using: &random)),"animated":false"#
        default: text = #""name":"autoscroll","enabled":\#(Bool.random(using: &random))"#
        }
        send(someViewer(), #"{"type":"command",\#(text),"seq":\#(nextSeq())}"#)
    }

    /// Physics only, geometry, new items, an item count, another set of items (own ones kept while
    /// another shows), or a preset (banner and cards switch layouts).
    mutating func configure() {
        let body: String
        switch Int.random(in: 0..<(switchesContent ? 6 : 5), using: &random) {
        case 0:
            body =
                #""config":{"decelerationRate":\#(Double.random(in: 0.9...0.999, using: &random)),"flickVelocity":\#(Int.random(in: 100...900, using: &random)),"springFrequency":\#(Int.random(in: 5...40, using: &random))}"#
        case 1:
            body =
                #""config":{"spacing":\#(Int.random(in: 0...24, using: &random)),"sideScale":\#(Double.random(in: 0.7...1, using: &random)),"inset":\#(Int.random(in: 0...40, using: &random))}"#
        case 2:
            let count = Int.random(in: 1...8, using: &random)
            let items = (0..<count).map {
                #"{"id":"r\#(seed)-\#($0)","title":"Item \#($0)","height":\#(300 + 40 * $0)}"#
            }
            body = #""items":[\#(items.joined(separator: ","))]"#
        case 3: body = #""itemCount":\#(Int.random(in: 1...30, using: &random))"#
        case 5:
            let isCards = hosted.session.config.configuration.layout == .cards
            let content = isCards ? "cards" : ["banners", "arabic", "products", "own"].randomElement(using: &random)!
            body = #""config":{"content":"\#(content)"}"#
        default:
            let preset = Self.presets.randomElement(using: &random)!
            body = #""config":{"preset":"\#(preset)"}"#
        }
        let configured =
            isFree ? body.replacingOccurrences(of: #""config":{"#, with: #""config":{"snapping":"free","#) : body
        send(someViewer(), #"{"type":"configure",\#(configured),"seq":\#(nextSeq())}"#)
    }

    mutating func joinOrLeave() {
        let connection = Int.random(in: 2...3, using: &random)
        if open.contains(connection) {
            transport.leave(connection)
            open.remove(connection)
            if finger?.connection == connection { finger = nil }
        } else {
            transport.open(connection, ["session": "p"])
            open.insert(connection)
        }
    }

    // MARK: - Recording

    mutating func startRecording() {
        let isAtRest = hosted.session.engine.restState != nil
        send(someViewer(), #"{"type":"record","action":"start"}"#)
        guard transport.sent[1]?.last?.hasPrefix(#"{"type":"record","state":"started""#) == true else {
            Issue.record(
                "\(label): record start was not answered with started: \(transport.sent[1]?.last ?? "nothing")"
            )
            return
        }
        if isAtRest { recordingsStartedAtRest += 1 } else { recordingsStartedInMotion += 1 }
        recording = (transport.sent[1]!.count, Int.random(in: 1...40, using: &random))
    }

    mutating func stopRecording() {
        guard let under = recording else { return }
        recording = nil
        let stopper = someViewer()
        send(stopper, #"{"type":"record","action":"stop"}"#)
        guard let message = transport.sent[stopper]?.last(where: { $0.hasPrefix(#"{"type":"recording""#) }),
            let document = try? JSONParser.parse(message)["recording"]
        else {
            Issue.record("\(label): the stopper got no recording")
            return
        }
        let frames = transport.sent[1]![under.start...].filter { $0.hasPrefix(#"{"type":"frame""#) }
        do {
            let replayed = try Replay.frames(of: try Recording(text: document.encoded))
            if let difference = FrameComparison.firstDifference(expected: Array(frames), actual: replayed) {
                Issue.record("\(label): the recording replays differently: \(difference)")
            }
            // A page's engine module, given the calls the session's engine went through, draws the
            // same frames (the module against the host: WasmParityTests).
            let trace = try Replay.engineTrace(of: try Recording(text: document.encoded))
            if let difference = trace.firstDifferenceOnHost() {
                Issue.record("\(label): the engine's calls give other frames on the host: \(difference)")
            }
            tracedFrames += trace.frames.count
        } catch {
            Issue.record("\(label): the recording does not replay: \(error)")
        }
    }

    // MARK: - The scripted recording

    /// `steps` random steps, then the same script: the other viewers leave, connection 1 shows
    /// the carousel, a fixed banner catalog on item 0 at rest, and a recorded drag and settle. The
    /// recording's text, how many steps it holds, and how many numbers its checkpoint and steps hold.
    static func scriptedRecording(
        seed: UInt64,
        clock: String,
        after steps: Int
    ) -> (text: String, stepCount: Int, numberCount: Int) {
        var session = RandomSession(seed: seed, clock: clock)
        session.run(steps: steps, recordings: false)
        if let finger = session.finger { session.pointer("cancel", finger.connection, x: finger.x) }
        for connection in session.open.subtracting([1]).sorted() {
            session.transport.leave(connection)
            session.open.remove(connection)
        }
        session.send(1, #"{"type":"visibility","hidden":false}"#)
        let items = (0..<5).map { #"{"id":"fixed-\#($0)","title":"Fixed \#($0)"}"# }
        session.send(
            1,
            #"{"type":"configure","config":{"preset":"banner"},"items":[\#(items.joined(separator: ","))]}"#
        )
        session.send(1, #"{"type":"command","name":"goto","index":0,"animated":false}"#)
        session.letTimePass(milliseconds: 2_000)
        session.transport.sent.removeAll()
        session.send(1, #"{"type":"record","action":"start"}"#)
        session.seq = 0
        session.pointer("down", 1, x: 300)
        for _ in 0..<5 {
            session.letTimePass(milliseconds: 16)
            session.move(1, by: -30)
        }
        session.pointer("up", 1, x: session.finger?.x ?? 150)
        session.letTimePass(milliseconds: 1_000)
        session.send(1, #"{"type":"record","action":"stop"}"#)
        guard let message = session.transport.sent[1]?.last(where: { $0.hasPrefix(#"{"type":"recording""#) }),
            let document = try? JSONParser.parse(message)["recording"]
        else {
            Issue.record("seed \(seed), \(clock): the scripted recording was not made")
            return ("", 0, 0)
        }
        guard case .array(let steps)? = document["steps"] else { return (document.encoded, 0, 0) }
        return (document.encoded, steps.count, numberCount(document["checkpoint"]) + numberCount(document["steps"]))
    }

    /// How many numbers `value` holds, however deep (the session's time is one, written as text).
    static func numberCount(_ value: JSONValue?) -> Int {
        switch value {
        case .number?: 1
        case .array(let elements)?: elements.reduce(0) { $0 + numberCount($1) }
        case .object(let members)?: members.reduce(0) { $0 + ($1.key == "time" ? 1 : numberCount($1.value)) }
        default: 0
        }
    }
}
