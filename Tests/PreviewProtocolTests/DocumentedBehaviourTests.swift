import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The rules docs/protocol/README.md states that a reader of the document alone tripped on, each checked
/// in-process through the hub with stepped time.
@Suite("docs/protocol/README.md's documented behaviour, through the hub")
struct DocumentedBehaviourTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let advance1 = #"{"type":"advance","ms":1}"#

    static func pointer(_ phase: String, x: Double, t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(JSONValue.number(x).encoded),"y":90,"t":\#(JSONValue.number(t).encoded)}"#
    }

    /// Every message `connection` received, parsed.
    static func messages(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        (transport.sent[connection] ?? []).map { try! JSONParser.parse($0) }
    }

    /// What `connection` received after its first `from` messages, parsed.
    static func received(_ transport: FakeTransport, _ connection: Int, after from: Int) -> [JSONValue] {
        Array(messages(transport, connection).dropFirst(from))
    }

    /// The last message `connection` received, parsed.
    static func last(_ transport: FakeTransport, _ connection: Int) -> JSONValue {
        try! JSONParser.parse(transport.sent[connection]!.last!)
    }

    static func remainingMs(_ frame: JSONValue) -> JSONValue? {
        frame["autoscroll"]?["remainingMs"]
    }

    // MARK: - Joining and leaving

    @Test("the joiner gets welcome, frame, viewers; the others get the same frame (input null) and the count")
    func joinOrderAndTheOthersFrame() {
        var transport = FakeTransport.opened(["session": "join", "clock": "manual"])
        let first = Self.messages(transport, 1)
        #expect(first.map { $0["type"] } == [.string("welcome"), .string("frame"), .string("viewers")])
        #expect(first[0]["viewers"] == .number(1) && first[2]["count"] == .number(1))

        transport.open(2, ["session": "join"])
        let joiner = Self.messages(transport, 2)
        #expect(joiner.map { $0["type"] } == [.string("welcome"), .string("frame"), .string("viewers")])
        #expect(joiner[0]["viewers"] == .number(2) && joiner[2]["count"] == .number(2))
        let others = Self.received(transport, 1, after: 3)
        #expect(others.map { $0["type"] } == [.string("frame"), .string("viewers")])
        // One broadcast: the same frame, seq and all, applying no input.
        #expect(others[0] == joiner[1])
        #expect(others[0]["seq"] == .number(2) && others[0]["input"] == .null)
    }

    @Test("a leave sends only the count, unless the leaver owned the gesture: then a frame of the cancel first")
    func leaveSendsAFrameOnlyForTheGesturesOwner() {
        var transport = FakeTransport.opened(["session": "leave", "clock": "manual"])
        transport.open(2, ["session": "leave"])
        transport.open(3, ["session": "leave"])
        var before = transport.sent[1]!.count
        transport.leave(3)
        #expect(
            Self.received(transport, 1, after: before) == [
                try! JSONParser.parse(
                    #"{"type":"viewers","count":2,"viewers":[{"client":1,"input":null},{"client":2,"input":null}]}"#
                )
            ]
        )

        transport.send(2, Self.pointer("down", x: 300, t: 0))
        transport.send(2, Self.pointer("move", x: 200, t: 16))
        before = transport.sent[1]!.count
        transport.leave(2)
        let afterOwnerLeft = Self.received(transport, 1, after: before)
        #expect(afterOwnerLeft.map { $0["type"] } == [.string("frame"), .string("viewers")])
        #expect(afterOwnerLeft[0]["input"] == .null)
        #expect(afterOwnerLeft[0]["phase"] == .string("animating"), "the cancelled drag springs back")
        #expect(afterOwnerLeft[1]["count"] == .number(1))
    }

    // MARK: - Time in whole 4 ms steps

    @Test("1 ms advances: a frame shows the last whole 4 ms step; remainingMs counts down 4 ms a step")
    func timeMovesInWholeSteps() throws {
        var transport = FakeTransport.opened(["session": "steps", "clock": "manual"])
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":1000}}}"#)
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(1000))
        for now in 1...1010 {
            transport.send(1, Self.advance1)
            let frame = Self.last(transport, 1)
            #expect(frame["time"] == .number(Double(now)), "time is the exact sum of the advances")
            let steps = now / 4
            if steps < 250 {
                #expect(frame["phase"] == .string("idle"))
                #expect(Self.remainingMs(frame) == .number(Double(1000 - 4 * steps)), "at \(now) ms")
            } else {
                // Step 250 (1000 ms) fires: the animation starts there, its first step moves the content.
                #expect(frame["phase"] == .string("animating"))
                #expect(Self.remainingMs(frame) == .number(1000), "restarted; runs again once it settles")
                if steps == 250 {
                    #expect(frame["position"] == .number(0), "at \(now) ms")
                } else {
                    #expect(frame["position"] != .number(0), "at \(now) ms")
                }
            }
        }
        // The numbers the first reader saw.
        let frames = Self.messages(transport, 1).filter { $0["type"] == .string("frame") }
        func frame(at time: Double) -> JSONValue { frames.first { $0["time"] == .number(time) }! }
        #expect(Self.remainingMs(frame(at: 3)) == .number(1000) && Self.remainingMs(frame(at: 4)) == .number(996))
        #expect(Self.remainingMs(frame(at: 995)) == .number(8) && Self.remainingMs(frame(at: 999)) == .number(4))
        #expect(frame(at: 1000)["phase"] == .string("animating") && frame(at: 1003)["position"] == .number(0))
    }

    @Test("an interval that is not a whole number of steps fires at the first step that uses it up")
    func intervalRoundsUpToAWholeStep() {
        var transport = FakeTransport.opened(["session": "odd", "clock": "manual"])
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":1001}}}"#)
        for _ in 1...1003 { transport.send(1, Self.advance1) }
        #expect(Self.last(transport, 1)["phase"] == .string("idle"))
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(1))
        transport.send(1, Self.advance1)
        #expect(Self.last(transport, 1)["phase"] == .string("animating"))
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(1001))
    }

    @Test("an unanimated goto restarts the countdown, as every settle does", arguments: ["banner", "cards"])
    func unanimatedGotoRestartsTheCountdown(preset: String) {
        var transport = FakeTransport.opened(["session": "goto", "clock": "manual", "preset": preset])
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":1000}}}"#)
        transport.send(1, #"{"type":"advance","ms":500}"#)
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(500))
        transport.send(1, #"{"type":"command","name":"goto","index":3,"animated":false}"#)
        #expect(Self.last(transport, 1)["index"] == .number(3))
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(1000), "\(preset)")
    }

    @Test("steps count from the session's start however time is sliced, and afresh after a layout switch")
    func stepGrid() {
        var sliced = FakeTransport()
        sliced.open(1, ["session": "sliced", "clock": "manual", "preset": "coverflow"])
        for _ in 0..<15 { sliced.send(1, #"{"type":"advance","ms":0.25}"#) }
        #expect(Self.last(sliced, 1)["time"] == .number(3.75))
        #expect(Self.remainingMs(Self.last(sliced, 1)) == .number(3000))
        sliced.send(1, #"{"type":"advance","ms":0.25}"#)
        #expect(Self.remainingMs(Self.last(sliced, 1)) == .number(2996))

        // 2 ms into a step, a switch to the card feed starts a new engine: its steps count from there.
        var switched = FakeTransport()
        switched.open(1, ["session": "switched", "clock": "manual"])
        switched.send(1, #"{"type":"advance","ms":2}"#)
        switched.send(1, #"{"type":"configure","config":{"preset":"cards","autoscroll":{"enabled":true}}}"#)
        switched.send(1, #"{"type":"advance","ms":2}"#)
        #expect(Self.last(switched, 1)["time"] == .number(4))
        #expect(Self.remainingMs(Self.last(switched, 1)) == .number(3000))
        switched.send(1, #"{"type":"advance","ms":2}"#)
        #expect(Self.remainingMs(Self.last(switched, 1)) == .number(2996))
    }

    // MARK: - gesture_busy once per gesture

    @Test("a busy viewer is told once per gesture; pressing again in the same gesture is ignored quietly")
    func busyOncePerGesture() {
        var transport = FakeTransport.twoViewers(of: "busy")
        transport.send(1, Self.pointer("down", x: 300, t: 0))
        func answers(_ message: String) -> [JSONValue] {
            let before = transport.sent[2]!.count
            let framesBefore = transport.sent[1]!.count
            transport.send(2, message)
            #expect(transport.sent[1]!.count == framesBefore, "a refused pointer message makes no frame")
            return Self.received(transport, 2, after: before)
        }
        let told = answers(Self.pointer("down", x: 100, t: 0))
        #expect(told.count == 1 && told[0]["code"] == .string("gesture_busy") && told[0]["ref"] == .string("pointer"))
        #expect(answers(Self.pointer("move", x: 120, t: 8)).isEmpty)
        #expect(answers(Self.pointer("up", x: 120, t: 16)).isEmpty)
        // The same gesture: a second press is not told again.
        #expect(answers(Self.pointer("down", x: 100, t: 24)).isEmpty)
        #expect(answers(Self.pointer("cancel", x: 100, t: 32)).isEmpty)
        // The owner lifts: the next gesture tells the busy viewer again.
        transport.send(1, Self.pointer("up", x: 300, t: 40))
        transport.send(1, Self.pointer("down", x: 300, t: 400))
        #expect(answers(Self.pointer("down", x: 100, t: 400)).map { $0["code"] } == [.string("gesture_busy")])
        // A configure that leaves the drag alone keeps the gesture, and who was told stays told.
        transport.send(1, #"{"type":"configure","config":{"spacing":8}}"#)
        #expect(transport.types(1).suffix(2) == ["config", "frame"])
        #expect(answers(Self.pointer("down", x: 100, t: 410)).isEmpty)
        // Commands are refused every time, even from the owner.
        for client in [1, 2] {
            let before = transport.sent[client]!.count
            transport.send(client, #"{"type":"command","name":"next"}"#)
            transport.send(client, #"{"type":"command","name":"next"}"#)
            #expect(
                Self.received(transport, client, after: before).map { $0["code"] }
                    == [.string("gesture_busy"), .string("gesture_busy")]
            )
        }
    }

    // MARK: - Partial nested objects in configure

    @Test("a nested autoscroll or viewport may be partial: the members left out keep their values")
    func partialNestedConfiguration() throws {
        var transport = FakeTransport.opened(["session": "partial", "clock": "manual", "preset": "coverflow"])
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"intervalMs":1000}}}"#)
        var config = Self.messages(transport, 1).last { $0["type"] == .string("config") }!["config"]!
        #expect(config["autoscroll"] == (try JSONParser.parse(#"{"enabled":true,"intervalMs":1000}"#)))
        #expect(Self.remainingMs(Self.last(transport, 1)) == .number(1000))
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"enabled":false},"viewport":{"width":400}}}"#)
        config = Self.messages(transport, 1).last { $0["type"] == .string("config") }!["config"]!
        #expect(config["autoscroll"] == (try JSONParser.parse(#"{"enabled":false,"intervalMs":1000}"#)))
        #expect(config["viewport"] == (try JSONParser.parse(#"{"width":400,"height":180}"#)))
        // With a preset, the members left out are the preset's.
        transport.send(1, #"{"type":"configure","config":{"preset":"banner","autoscroll":{"intervalMs":500}}}"#)
        config = Self.messages(transport, 1).last { $0["type"] == .string("config") }!["config"]!
        #expect(config["autoscroll"] == (try JSONParser.parse(#"{"enabled":false,"intervalMs":500}"#)))
        #expect(config["viewport"] == (try JSONParser.parse(#"{"width":375,"height":180}"#)))
    }

    // MARK: - advance

    @Test("advance takes any number in (0, 10000], fractions included; anything else is refused without a frame")
    func advanceRange() {
        var transport = FakeTransport.opened(["session": "advance", "clock": "manual"])
        for ms in ["0.25", "10000", "1e-9"] {
            let before = transport.sent[1]!.count
            transport.send(1, #"{"type":"advance","ms":\#(ms)}"#)
            #expect(Self.received(transport, 1, after: before).map { $0["type"] } == [.string("frame")])
        }
        #expect(Self.last(transport, 1)["time"] == .number(10000.250000001))
        for (ms, code) in [
            ("0", "invalid_value"), ("-1", "invalid_value"), ("10000.001", "invalid_value"), ("\"5\"", "bad_message"),
        ] {
            let before = transport.sent[1]!.count
            transport.send(1, #"{"type":"advance","ms":\#(ms)}"#)
            let answer = Self.received(transport, 1, after: before)
            #expect(answer.count == 1 && answer[0]["code"] == .string(code) && answer[0]["ref"] == .string("advance"))
        }
        var live = FakeTransport()
        live.open(1, ["session": "live-advance"])
        live.send(1, #"{"type":"advance","ms":0.5}"#)
        #expect(Self.last(live, 1)["code"] == .string("not_manual_clock"))
    }

    // MARK: - When ref is null

    @Test("ref is the answered message's type, null when there is none to name")
    func errorRef() throws {
        var transport = FakeTransport.opened(["session": "ref", "clock": "manual"])
        func ref(_ text: String) -> JSONValue? {
            transport.send(1, text)
            let answer = Self.last(transport, 1)
            #expect(answer["type"] == .string("error"), "\(text)")
            return answer["ref"]
        }
        #expect(ref("not json") == .null)
        #expect(ref("[1]") == .null)
        #expect(ref(#"{"seq":1}"#) == .null)
        #expect(ref(#"{"type":7}"#) == .null)
        #expect(ref(#"{"type":"jump"}"#) == .string("jump"))
        #expect(ref(#"{"type":"advance"}"#) == .string("advance"))
        #expect(ref(#"{"type":"pointer","phase":"up","x":0,"y":0,"t":0}"#) == .string("pointer"))
        #expect(ref(#"{"type":"configure","config":{"spacing":-4}}"#) == .string("configure"))
        transport.sendBinary(1, [1, 2, 3])
        #expect(Self.last(transport, 1)["ref"] == .null)
        transport.open(2, ["session": "bad/name"])
        #expect(transport.closed[2] == 1008)
        #expect(try JSONParser.parse(transport.sent[2]!.first!)["ref"] == .null)
        #expect(ref(#"{"type":"configure","items":[{"title":"no id"}]}"#) == .string("configure"))
    }

    // MARK: - The manual clock's backlog

    @Test("a manual-clock reader that does not read: past 512 waiting, frames merge with their events; 4096 is the end")
    func manualBacklog() {
        var hub = PreviewHub()
        var outbox = Outbox()
        var accepted = true
        func deliver(_ actions: [TransportAction]) {
            for case .send(2, let message) in actions { accepted = outbox.enqueue(message) && accepted }
        }
        deliver(hub.open(1, query: ["session": "stuck", "clock": "manual"], now: .zero).actions)
        deliver(hub.open(2, query: ["session": "stuck"], now: .zero).actions)
        #expect(outbox.count == 3)  // welcome, frame, viewers
        for seq in 1...600 {
            deliver(hub.receive(1, text: #"{"type":"command","name":"next","seq":\#(seq)}"#, now: .zero).actions)
            deliver(hub.receive(1, text: #"{"type":"advance","ms":50}"#, now: .zero).actions)
        }
        deliver(hub.receive(1, text: #"{"type":"advance","ms":1000}"#, now: .zero).actions)
        #expect(accepted && outbox.count == Outbox.manualBacklog)
        var frames: [FrameMessage] = []
        while let message = outbox.next() { if let frame = message.frame { frames.append(frame) } }
        // Every frame up to the backlog, then the latest one carrying every event in between.
        #expect(frames.map(\.seq) == Array(2...510) + [1203])
        let events = frames.flatMap(\.frame.events)
        #expect(events.filter { if case .pageChanged = $0 { true } else { false } }.count == 600)
        #expect(events.last == .settled(index: 0))

        // A pong between frames stops them merging: the queue grows to 4096, then refuses.
        var stuck = Outbox()
        var refusedAt: Int?
        for id in 0..<3000 where refusedAt == nil {
            let actions =
                hub.receive(1, text: Self.advance1, now: .zero).actions
                + hub.receive(1, text: #"{"type":"ping","id":\#(id)}"#, now: .zero).actions
            for case .send(1, let message) in actions where !stuck.enqueue(message) { refusedAt = stuck.count }
        }
        #expect(refusedAt == Outbox.maximumBacklog)
    }
}
