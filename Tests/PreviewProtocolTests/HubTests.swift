import CarouselCore
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Hub and outbox in-process, with a fake transport")
struct HubTests {
    /// The hub driven by hand (`HubHarness`, shared with the sequence fuzzer).
    typealias FakeTransport = HubHarness

    @Test(
        "join order: welcome, frame, viewers; the others hear of a join or a leave with the next list, at most one a hold"
    )
    func joinAndLeave() {
        var transport = FakeTransport.opened(["session": "s"])
        #expect(transport.types(1) == ["welcome", "frame", "viewers"])
        transport.open(2, ["session": "s"])
        #expect(transport.types(2) == ["welcome", "frame", "viewers"], "the newcomer's list comes at once")
        #expect(transport.types(1) == ["welcome", "frame", "viewers", "frame"], "a list went this hold already")
        transport.tick(by: Session.viewersListInterval)
        #expect(transport.types(1) == ["welcome", "frame", "viewers", "frame", "viewers"])
        transport.leave(2)
        transport.tick(by: Session.viewersListInterval)
        #expect(transport.types(1).last == "viewers")
        #expect(transport.sent[1]!.last == #"{"type":"viewers","count":1,"viewers":[{"client":1,"input":null}]}"#)
    }

    @Test("live sessions send frames on ticks only while something changes")
    func liveTicks() {
        var transport = FakeTransport.opened(["session": "live", "preset": "coverflow"])
        let afterJoin = transport.sent[1]!.count
        transport.tick(by: .milliseconds(16))
        transport.tick(by: .milliseconds(16))
        #expect(transport.sent[1]!.count == afterJoin, "an idle carousel sends nothing")
        // Coverflow auto-scrolls after 3 s: one frame per tick while it animates, then nothing.
        for _ in 0..<250 { transport.tick(by: .milliseconds(16)) }
        let frames = transport.sent[1]![afterJoin...].compactMap { text -> (phase: String, position: Double)? in
            let value = try! JSONParser.parse(text)
            guard case .string("frame")? = value["type"], case .string(let phase)? = value["phase"],
                case .number(let position)? = value["position"]
            else { return nil }
            return (phase, position)
        }
        // The animation's ticks, to the frame: a spring of at most 400 ms is 25 ticks of 16 ms, and
        // each of them moved the content (no frame repeats its predecessor's position while animating).
        #expect(frames.count == 26, "\(frames.count) frames")
        #expect(frames.first?.phase == "animating" && frames.last?.phase == "idle")
        for (previous, frame) in zip(frames, frames.dropFirst()) where frame.phase == "animating" {
            #expect(frame.position != previous.position)
        }
        let settledCount = transport.sent[1]!.filter { $0.contains("\"settled\"") }.count
        #expect(settledCount == 1)
        // Idle again until the next advance, 3 s on: 1.6 s of ticks send nothing.
        let afterSettle = transport.sent[1]!.count
        for _ in 0..<100 { transport.tick(by: .milliseconds(16)) }
        #expect(transport.sent[1]!.count == afterSettle)
    }

    @Test("each answer says when the hub next needs a tick: while something moves, at a linger's end, or never")
    func deadlines() {
        var hub = PreviewHub(limits: PreviewHub.Limits(sessionLinger: .seconds(5)))
        #expect(hub.open(1, query: ["session": "still", "clock": "manual"], now: .zero).nextDeadline == nil)
        #expect(hub.receive(1, text: #"{"type":"command","name":"next"}"#, now: .zero).nextDeadline == nil)
        #expect(hub.close(1, now: .seconds(1)).nextDeadline == .seconds(6))
        #expect(hub.tick(now: .seconds(2)).nextDeadline == .seconds(6))
        _ = hub.open(2, query: ["session": "moving", "preset": "paged"], now: .seconds(3))
        let moving = hub.receive(2, text: #"{"type":"command","name":"next"}"#, now: .seconds(3))
        #expect(moving.nextDeadline == .seconds(3))
        let frame = Duration.seconds(3) + .milliseconds(16)
        #expect(hub.tick(now: frame).nextDeadline == frame, "every session's earliest: the moving one's")
        _ = hub.tick(now: .seconds(6))
        #expect(hub.sessionCount == 1, "the manual session's linger ended")
        #expect(hub.close(7, now: .seconds(6)) == HubResponse(actions: [], nextDeadline: nil))
    }

    @Test("a session someone touched outlives its last viewer by 60 s, then ends")
    func sessionLifetime() {
        var transport = FakeTransport.opened(["session": "brief"])
        transport.send(1, #"{"type":"command","name":"next"}"#)
        transport.leave(1)
        transport.tick(by: .seconds(59))
        #expect(transport.hub.sessionCount == 1)
        transport.open(2, ["session": "brief"])
        transport.leave(2)
        transport.tick(by: .seconds(30))
        #expect(transport.hub.sessionCount == 1)
        transport.tick(by: .seconds(31))
        #expect(transport.hub.sessionCount == 0)
    }

    @Test("auto-scroll pauses while every viewer is hidden, and resumes with the remaining time")
    func visibility() {
        var transport = FakeTransport.opened(["session": "vis", "preset": "coverflow", "clock": "manual"])
        transport.open(2, ["session": "vis"])
        transport.send(1, "{\"type\":\"advance\",\"ms\":1000}")
        transport.send(1, "{\"type\":\"visibility\",\"hidden\":true}")
        #expect(transport.sent[1]!.last!.contains("\"state\":\"running\""))
        transport.send(2, "{\"type\":\"visibility\",\"hidden\":true}")
        #expect(transport.sent[1]!.last!.contains("\"pausedBy\":[\"hidden\"]"))
        #expect(transport.sent[1]!.last!.contains("\"remainingMs\":2000"))
        transport.send(1, "{\"type\":\"advance\",\"ms\":10000}")
        #expect(transport.sent[1]!.last!.contains("\"remainingMs\":2000"))
        transport.leave(2)
        transport.send(1, "{\"type\":\"visibility\",\"hidden\":false}")
        #expect(transport.sent[1]!.last!.contains("\"state\":\"running\""))
    }

    @Test("a slow reader's outbox keeps only the latest frame, with every event and the last input carried along")
    func coalescing() {
        func frame(
            _ seq: Int,
            _ events: [CarouselEvent],
            input: AppliedInput? = nil,
            keepsEveryFrame: Bool = false
        ) -> OutgoingMessage {
            var carousel = try! Carousel(configuration: .banner, items: [CarouselItem(id: "a"), CarouselItem(id: "b")])
            var snapshot = carousel.takeFrame()
            snapshot.events = events
            return OutgoingMessage(
                .frame(FrameMessage(seq: seq, time: 0, frame: snapshot, input: input)),
                keepsEveryFrame: keepsEveryFrame
            )
        }
        var outbox = Outbox()
        var accepted = outbox.enqueue(OutgoingMessage(.viewers(count: 2, listed: [])))
        accepted = accepted && outbox.enqueue(frame(1, [.pageChanged(index: 1, previous: 0)]))
        for seq in 2...500 {
            let input = seq == 400 ? AppliedInput(client: 2, seq: 7) : nil
            accepted =
                accepted
                && outbox.enqueue(frame(seq, seq == 300 ? [.settled(index: 1)] : [], input: input))
        }
        #expect(accepted)
        // A reader that keeps up sees every frame; one that falls 8 behind gets the latest in the last place.
        #expect(outbox.count == Outbox.liveBacklog)
        #expect(outbox.next()?.frame == nil)
        var delivered: [OutgoingMessage] = []
        while let next = outbox.next() { delivered.append(next) }
        #expect(delivered.map(\.frame!.seq) == Array(1...6) + [500])
        #expect(delivered.flatMap(\.frame!.frame.events) == [.pageChanged(index: 1, previous: 0), .settled(index: 1)])
        #expect(delivered.last!.frame!.input == AppliedInput(client: 2, seq: 7))
        // The text on the wire is what the merged frame says, not the newest frame's shared text.
        #expect(delivered.last!.text == ServerMessage.frame(delivered.last!.frame!).encoded)
        #expect(delivered.last!.text.contains(#"{"type":"settled","index":1}"#))
        // A join storm: frames and viewer counts interleave; both coalesce, and a config stays ahead
        // of every frame queued after it.
        var storm = Outbox()
        for count in 1...5000 {
            if count == 2500 {
                _ = storm.enqueue(OutgoingMessage(.config(SessionConfiguration(preset: "banner")!, items: [], by: nil)))
            }
            _ = storm.enqueue(frame(count, []))
            _ = storm.enqueue(OutgoingMessage(.viewers(count: count, listed: [])))
        }
        #expect(storm.count <= Outbox.liveBacklog + 3)
        var kinds: [String] = []
        while let next = storm.next() {
            if let frame = next.frame {
                kinds.append("frame \(frame.seq)")
            } else if next.text.hasPrefix(#"{"type":"config""#) {
                kinds.append("config")
            } else {
                kinds.append(next.text)
            }
        }
        #expect(Array(kinds.suffix(3)) == ["config", "frame 5000", #"{"type":"viewers","count":5000,"viewers":[]}"#])
        let configAt = kinds.firstIndex(of: "config")!
        let framesBefore = kinds[..<configAt].compactMap { $0.hasPrefix("frame ") ? Int($0.dropFirst(6)) : nil }
        #expect(!framesBefore.isEmpty && framesBefore.allSatisfy { $0 < 2500 })
        // Manual sessions keep every frame, up to a backlog that means the reader is stuck.
        var manual = Outbox()
        for seq in 1...10 { _ = manual.enqueue(frame(seq, [], keepsEveryFrame: true)) }
        #expect(manual.count == 10)
        for seq in 11...2000 { _ = manual.enqueue(frame(seq, [], keepsEveryFrame: true)) }
        #expect(manual.count == Outbox.manualBacklog)
    }
}

@Suite("Auto-scroll switching is a configuration change")
struct AutoScrollCommandTests {
    @Test("the autoscroll command updates the session's configuration for every viewer and for newcomers")
    func autoScrollCommand() {
        var transport = HubTests.FakeTransport.opened(["session": "auto", "preset": "coverflow", "clock": "manual"])
        transport.send(1, "{\"type\":\"command\",\"name\":\"autoscroll\",\"enabled\":false}")
        #expect(transport.types(1).suffix(2) == ["frame", "config"])
        #expect(transport.sent[1]!.last!.contains("\"autoscroll\":{\"enabled\":false"))
        transport.open(2, ["session": "auto"])
        #expect(transport.sent[2]!.first!.contains("\"autoscroll\":{\"enabled\":false"))
    }
}

@Suite("Switching between the uniform presets and the card feed")
struct LayoutSwitchTests {
    @Test("a configure to preset cards swaps in the feed engine and its bundled cards, and back")
    func switchLayouts() throws {
        var transport = HubTests.FakeTransport.opened(["session": "switch", "clock": "manual"])
        transport.send(1, "{\"type\":\"configure\",\"config\":{\"preset\":\"cards\"}}")
        let config = try JSONParser.parse(transport.sent[1]![transport.sent[1]!.count - 2])
        guard case .array(let items)? = config["items"] else { Issue.record("no items"); return }
        #expect(items.count == BundledCards.all.count)
        let frame = try JSONParser.parse(transport.sent[1]!.last!)
        guard case .array(let slots)? = frame["slots"] else { Issue.record("no slots"); return }
        #expect(slots.allSatisfy { $0["kind"] != nil })
        #expect(frame["count"] == .number(60))
        transport.send(1, "{\"type\":\"command\",\"name\":\"next\"}")
        transport.send(1, "{\"type\":\"advance\",\"ms\":1000}")
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["index"] == .number(1))
        transport.send(1, "{\"type\":\"configure\",\"config\":{\"preset\":\"banner\"}}")
        let back = try JSONParser.parse(transport.sent[1]!.last!)
        guard case .array(let bannerSlots)? = back["slots"] else { Issue.record("no slots"); return }
        #expect(bannerSlots.count == 3 && bannerSlots.allSatisfy { $0["kind"] == nil })
        #expect(back["count"] == .number(Double(BundledBanners.all.count)))
        // The feed refuses to loop, with the field named.
        transport.send(1, "{\"type\":\"configure\",\"config\":{\"preset\":\"cards\",\"loop\":true}}")
        #expect(transport.sent[1]!.last!.contains("config.loop: the card feed does not loop"))
        // It pages by its own stops: alignment, groups and free scrolling are refused by name.
        for (member, value) in [("align", "\"center\""), ("itemsPerPage", "2"), ("snapping", "\"free\"")] {
            transport.send(1, "{\"type\":\"configure\",\"config\":{\"preset\":\"cards\",\"\(member)\":\(value)}}")
            #expect(transport.sent[1]!.last!.contains("config.\(member): the card feed"), "\(member)")
        }
    }
}

@Suite("A configure during a drag")
struct ConfigureDuringDragTests {
    @Test("a configure leaves the drag under its finger: the next move goes on from where the content is")
    func configureDuringDrag() throws {
        var transport = HubTests.FakeTransport.opened(["session": "drag", "clock": "manual"])
        transport.open(2, ["session": "drag"])
        transport.send(1, "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":300,\"y\":50,\"t\":0}")
        transport.send(2, "{\"type\":\"configure\",\"config\":{\"spacing\":8}}")  // the banner's own spacing
        transport.send(1, "{\"type\":\"pointer\",\"phase\":\"move\",\"x\":200,\"y\":50,\"t\":16}")
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["position"] == .number(100))
        transport.send(2, "{\"type\":\"configure\",\"config\":{\"spacing\":12}}")
        // The same place in items: 100 of 351 pt is 100 x 355 / 351 of the new pitch.
        let mapped = 100.0 * 355 / 351
        let configured = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(configured["phase"] == .string("dragging"))
        #expect(configured["offset"] == .number(mapped))
        transport.send(1, "{\"type\":\"pointer\",\"phase\":\"move\",\"x\":100,\"y\":50,\"t\":32}")
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["offset"] == .number(mapped + 100))
        transport.send(1, "{\"type\":\"pointer\",\"phase\":\"up\",\"x\":100,\"y\":50,\"t\":40}")
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["phase"] == .string("animating"))
        #expect(!transport.types(1).contains("error"))
        for _ in 0..<100 { transport.send(1, "{\"type\":\"advance\",\"ms\":8}") }
        transport.send(1, "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":300,\"y\":50,\"t\":100}")
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["phase"] == .string("dragging"))
    }
}
