import Logging
import PreviewProtocol
import PreviewWire
import Testing

@testable import PreviewServer

/// The event loop's rules with stepped time and no socket: sockets are plain numbers, and the time
/// is whatever the test says.
struct LoopHarness {
    typealias Loop = ServiceLoop<Int>
    var loop: Loop
    var now = Duration.zero
    /// Sockets the loop asked to write on or to drop, since the last look.
    var wantsWrite: Set<Int> = []
    var dropped: [Int] = []
    private var nextSocket = 100

    init(
        tick: Duration = .milliseconds(16),
        pingTimeout: Duration = .seconds(30),
        limits: PreviewHub.Limits = PreviewHub.Limits()
    ) {
        loop = Loop(
            hub: PreviewHub(limits: limits),
            tickInterval: tick,
            pingTimeout: pingTimeout,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            now: .zero
        )
    }

    mutating func record(_ effects: [Loop.Effect]) {
        for effect in effects {
            switch effect {
            case .requestWrite(let socket): wantsWrite.insert(socket)
            case .drop(let socket): dropped.append(socket)
            }
        }
    }

    /// Opens a connection; returns its id (its socket is `100 + id - 1`).
    mutating func open(_ query: [String: String]) -> Int {
        let socket = nextSocket
        nextSocket += 1
        let (id, effects) = loop.open(socket, query: query, now: now)
        record(effects)
        return id
    }

    /// One complete text message in a single fragment.
    mutating func send(_ id: Int, _ text: String) -> Loop.Receipt {
        var text = text
        let receipt = text.withUTF8 { utf8 in
            loop.receive(id, UnsafeRawBufferPointer(utf8), isFirst: true, isBinary: false, isLast: true, now: now)
        }
        if case .effects(let effects) = receipt { record(effects) }
        return receipt
    }

    /// Everything connection `id` would write if its socket stayed writable, up to a close (after
    /// which lws closes the socket).
    mutating func drain(_ id: Int) -> [String] {
        var written: [String] = []
        while let write = loop.writable(id) {
            switch write {
            case .ping: written.append("ping")
            case .message(let message): written.append(message.text)
            case .close(let code, _):
                written.append("close \(code)")
                return written
            }
        }
        return written
    }

    mutating func close(_ id: Int) {
        record(loop.closed(id, now: now))
    }

    /// Runs every tick due up to `now + duration`, as the timer would: at each `nextWake`.
    mutating func advance(by duration: Duration) {
        let end = now + duration
        while !loop.shouldExit, let wake = loop.nextWake(now: now), wake <= end {
            now = max(now, wake)
            record(loop.tick(now: now))
            ticks += 1
        }
        now = end
    }

    /// How many times the loop woke to tick.
    var ticks = 0
}

/// The `type` of each written message (a ping or a close as written).
func types(_ written: [String]) -> [String] {
    written.map { text in
        guard let value = try? JSONParser.parse(text), case .string(let type)? = value["type"] else { return text }
        return type
    }
}

@Suite("Event loop, stepped time: ticks, liveness, linger, backlog, stop")
struct ServiceLoopTests {
    @Test("ticks keep to an absolute grid; a late tick is measured, and one a whole interval late starts a new grid")
    func tickPacing() {
        var schedule = TickScheduler(interval: .milliseconds(10), start: .zero)
        #expect(schedule.next == .milliseconds(10))
        #expect(schedule.delay(from: .milliseconds(4)) == .milliseconds(6))
        // 3 ms late: the next deadline stays on the grid, 7 ms away, not 10.
        schedule.ran(at: .milliseconds(13))
        #expect(schedule.next == .milliseconds(20))
        #expect(schedule.maximumLag == .milliseconds(3))
        #expect(schedule.delay(from: .milliseconds(13)) == .milliseconds(7))
        // A stall of 45 ms: no burst of four catch-up ticks, the grid restarts from now.
        schedule.ran(at: .milliseconds(65))
        #expect(schedule.next == .milliseconds(75))
        #expect(schedule.maximumLag == .milliseconds(45))
        #expect(schedule.delay(from: .milliseconds(80)) == .zero, "a due tick waits for nothing")
        // An early tick (the timer fired before its deadline) keeps the grid and the worst lag.
        schedule.ran(at: .milliseconds(74))
        #expect(schedule.next == .milliseconds(85))
        #expect(schedule.maximumLag == .milliseconds(45))
    }

    @Test("a peer is pinged after half the timeout, once; a pong keeps it; silence for the whole timeout drops it")
    func liveness() {
        var harness = LoopHarness(pingTimeout: .seconds(10))
        let answers = harness.open(["session": "s"])
        let silent = harness.open(["session": "s"])
        // The first viewer hears of the second with the next viewers list, a hold later.
        harness.advance(by: Session.viewersListInterval)
        _ = harness.drain(answers)
        _ = harness.drain(silent)
        harness.wantsWrite = []
        harness.advance(by: .milliseconds(4_990) - Session.viewersListInterval)
        #expect(harness.wantsWrite.isEmpty, "nobody is pinged before half the timeout")
        harness.advance(by: .milliseconds(20))
        #expect(harness.wantsWrite == [100, 101])
        #expect(harness.drain(answers) == ["ping"])
        #expect(harness.drain(silent) == ["ping"])
        harness.wantsWrite = []
        harness.advance(by: .seconds(2))
        #expect(harness.wantsWrite.isEmpty, "one ping per silence")
        let pongAt = harness.now
        harness.loop.pong(answers, now: pongAt)
        harness.advance(by: .milliseconds(2_980))
        #expect(harness.dropped.isEmpty)
        harness.advance(by: .milliseconds(20))
        #expect(harness.dropped == [101], "only the peer that never answered is dropped, at 10 s")
        // The answering peer is pinged again half a timeout after its pong, and never dropped.
        harness.advance(by: pongAt + .seconds(5) - harness.now - .milliseconds(20))
        #expect(!harness.wantsWrite.contains(100))
        harness.advance(by: .milliseconds(40))  // past the tick after the 5 s mark
        #expect(harness.wantsWrite.contains(100))
        #expect(harness.drain(answers).first == "ping")
        harness.loop.pong(answers, now: harness.now)
        // A minute of answering every ping at once: never dropped, pinged every 5 s (the loop wakes
        // at the very moment half the timeout has passed).
        var pings = 0
        for _ in 0..<60 {
            harness.advance(by: .seconds(1))
            if harness.drain(answers).contains("ping") {
                pings += 1
                harness.loop.pong(answers, now: harness.now)
            }
        }
        #expect(harness.dropped == [101])
        #expect(pings == 12)
    }

    @Test("pongs nobody asked for keep no peer alive: a client that never reads is dropped at the timeout")
    func unsolicitedPongs() {
        var harness = LoopHarness(pingTimeout: .seconds(10))
        let flooder = harness.open(["session": "s"])
        _ = harness.drain(flooder)
        // A thousand pongs a second, none answering a ping written to it (it never reads one).
        for _ in 0..<1000 {
            harness.loop.pong(flooder, now: harness.now)
            harness.advance(by: .milliseconds(11))
        }
        #expect(harness.dropped.count == 1, "the flooder was kept alive by its own pongs")
    }

    @Test("a ping goes out ahead of the frames already queued, so a busy reader still answers in time")
    func pingJumpsTheQueue() {
        var harness = LoopHarness(pingTimeout: .seconds(4))
        let viewer = harness.open(["session": "q", "clock": "manual"])
        harness.advance(by: .seconds(2))
        #expect(types(harness.drain(viewer)) == ["ping", "welcome", "frame", "viewers"])
    }

    @Test("a session outlives its last viewer by the linger, to the tick, then ends; a returning viewer resets it")
    func linger() {
        var harness = LoopHarness(tick: .milliseconds(100), limits: PreviewHub.Limits(sessionLinger: .seconds(5)))
        let first = harness.open(["session": "l"])
        harness.close(first)
        harness.advance(by: .milliseconds(4_900))
        #expect(harness.loop.sessionCount == 1)
        let second = harness.open(["session": "l"])
        harness.advance(by: .seconds(10))
        #expect(harness.loop.sessionCount == 1, "watched sessions never end")
        harness.close(second)
        // Counted from the last close, to the tick.
        for (step, sessions) in [(4_900, 1), (100, 0)] {
            harness.advance(by: .milliseconds(step))
            #expect(harness.loop.sessionCount == sessions, "after \(step) ms more")
        }
    }

    @Test("a live reader that never reads keeps at most a few frames queued; a hopeless one is closed with 1008")
    func backlog() {
        var harness = LoopHarness()
        let stuck = harness.open(["session": "b"])
        let driver = harness.open(["session": "b"])
        // A three-second drag at 120 Hz: every move is a frame for both viewers.
        _ = harness.send(driver, #"{"type":"pointer","phase":"down","x":300,"y":50,"t":0}"#)
        var driverSaw: [String] = []
        for move in 1...360 {
            harness.advance(by: .microseconds(8_333))
            let x = 300 - move % 200
            _ = harness.send(driver, #"{"type":"pointer","phase":"move","x":\#(x),"y":50,"t":\#(Double(move) * 8.33)}"#)
            driverSaw += harness.drain(driver)
        }
        let waiting = harness.drain(stuck)
        #expect(waiting.count <= Outbox.liveBacklog + 4, "\(waiting.count) messages waited")
        #expect(types(waiting).prefix(3) == ["welcome", "frame", "viewers"])
        // The reader that keeps up saw every move; the stuck one gets the newest state last.
        #expect(types(driverSaw).filter { $0 == "frame" }.count >= 360)
        func frameSeq(_ text: String?) -> JSONValue? { text.flatMap { try? JSONParser.parse($0)["seq"] } ?? nil }
        let newest = frameSeq(driverSaw.last { types([$0]) == ["frame"] })
        #expect(newest != nil && frameSeq(waiting.last { types([$0]) == ["frame"] }) == newest)
        // Messages that cannot merge (errors) pile up to the limit, and then the reader is let go.
        var table = ConnectionTable<Int>()
        let id = table.add(7, now: .zero)
        let error = OutgoingMessage(.error(ProtocolError(.badMessage, "x", ref: nil)))
        for _ in 0..<Outbox.maximumBacklog { #expect(table.perform(.send(connection: id, error))?.fellBehind == false) }
        #expect(table.queuedBytes == Outbox.maximumBacklog * error.byteCount)
        #expect(table.perform(.send(connection: id, error))?.fellBehind == true)
        // Its queue is freed at once: a reader that never reads would hold it until it times out.
        #expect(table.queuedBytes == 0)
        var count = 0
        var last: ConnectionTable<Int>.Write?
        while let write = table.nextWrite(id) {
            count += 1
            last = write
            if case .close = write { break }
        }
        #expect(count == 1)
        guard case .close(1008, _)? = last else {
            Issue.record("expected a 1008 close last, got \(String(describing: last))")
            return
        }
    }

    @Test(
        "a message is reassembled from fragments; one byte over the limit refuses with 1009, and the hub still hears the close"
    )
    func fragmentsAndLimit() {
        var harness = LoopHarness()
        let sender = harness.open(["session": "f"])
        let watcher = harness.open(["session": "f"])
        _ = harness.drain(sender)
        _ = harness.drain(watcher)
        let ping = Array(#"{"type":"ping","id":42}"#.utf8)
        for (index, byte) in ping.enumerated() {
            let receipt = [byte].withUnsafeBytes { bytes in
                harness.loop.receive(
                    sender,
                    bytes,
                    isFirst: index == 0,
                    isBinary: false,
                    isLast: index == ping.count - 1,
                    now: harness.now
                )
            }
            guard case .effects = receipt else {
                Issue.record("fragment \(index) was refused")
                return
            }
        }
        #expect(harness.drain(sender) == [#"{"type":"pong","id":42,"time":0}"#])
        let oversized = String(repeating: " ", count: ClientMessage.maximumBytes + 1)
        guard case .refuse(1009, _) = harness.send(sender, oversized) else {
            Issue.record("16 KiB + 1 was not refused with 1009")
            return
        }
        // lws closes the socket and says so; the other viewer learns it is alone.
        harness.close(sender)
        harness.advance(by: Session.viewersListInterval)  // lists go at most once per hold
        #expect(harness.drain(watcher) == [#"{"type":"viewers","count":1,"viewers":[{"client":2,"input":null}]}"#])
        #expect(harness.loop.connections.count == 1)
    }

    @Test("a stop closes each WebSocket with 1001 after its queue; the loop exits once all close or the grace ends")
    func stop() {
        var harness = LoopHarness()
        let polite = harness.open(["session": "x"])
        let stubborn = harness.open(["session": "x"])
        harness.wantsWrite = []
        harness.record(harness.loop.stop(now: harness.now))
        #expect(harness.loop.isStopping)
        #expect(harness.wantsWrite == [100, 101])
        // The second join's list waited for its turn (a hold after the first): the stop came first.
        #expect(types(harness.drain(polite)) == ["welcome", "frame", "viewers", "frame", "close 1001"])
        #expect(harness.loop.stop(now: harness.now).isEmpty, "a second stop changes nothing")
        harness.close(polite)
        #expect(!harness.loop.shouldExit, "one peer has not closed yet")
        harness.advance(by: ServiceLoop<Int>.stopGrace - .milliseconds(20))
        #expect(!harness.loop.shouldExit)
        harness.advance(by: .milliseconds(20))
        #expect(harness.loop.shouldExit, "the grace is over")
        withExtendedLifetime(stubborn) {}

        var idle = LoopHarness()
        idle.record(idle.loop.stop(now: .zero))
        #expect(idle.loop.shouldExit, "with no connection a stop exits at once")
    }

    @Test(
        "/stats counts connections, sessions, frames handed to sockets, the worst tick lag and the journals' memory"
    )
    func statistics() throws {
        var harness = LoopHarness()
        let viewer = harness.open(["session": "s1"])
        _ = harness.open(["session": "s2"])
        _ = harness.drain(viewer)
        // Something moves, so ticks run on the 16 ms grid; the first one runs 5 ms late.
        _ = harness.send(viewer, #"{"type":"command","name":"next"}"#)
        #expect(harness.loop.nextWake(now: .zero) == .milliseconds(16))
        _ = harness.drain(viewer)
        harness.record(harness.loop.tick(now: .milliseconds(21)))
        let stats = harness.loop.statistics
        #expect(stats["connections"] == .number(2))
        #expect(stats["sessions"] == .number(2))
        #expect(stats["framesWritten"] == .number(2))
        #expect(stats["maximumTickLagMs"] == .number(5))
        // Two joins, a command and ticks: a few steps of 88 bytes in their journals' arrays.
        guard case .number(let journals)? = stats["journalBytes"] else { return #expect(Bool(false), "\(stats)") }
        #expect(journals > 0 && journals < 4096)
    }
}

@Suite("An idle server sets no timer: the loop wakes only for what time changes")
struct IdleLoopTests {
    /// The frames connection `id` would write now, parsed.
    static func frames(_ harness: inout LoopHarness, _ id: Int) throws -> [JSONValue] {
        try harness.drain(id).filter { $0.hasPrefix(#"{"type":"frame""#) }.map { try JSONParser.parse($0) }
    }

    @Test("no connection: no wake at all; a viewer at rest: only its ping, half the ping timeout on")
    func sleeps() {
        var harness = LoopHarness(pingTimeout: .seconds(30))
        #expect(harness.loop.nextWake(now: .zero) == nil)
        harness.advance(by: .seconds(3600))
        #expect(harness.ticks == 0, "an hour with nothing to do costs no wake")
        let viewer = harness.open(["session": "calm"])
        _ = harness.drain(viewer)
        #expect(harness.loop.nextWake(now: harness.now) == harness.now + .seconds(15))
        harness.advance(by: .seconds(14))
        #expect(harness.ticks == 0)
        harness.advance(by: .seconds(1))
        #expect(harness.ticks == 1 && harness.drain(viewer) == ["ping"])
        #expect(!harness.loop.isTicking)
    }

    @Test("a motion ticks on the frame grid until it settles, then the loop sleeps again")
    func motion() throws {
        var harness = LoopHarness(tick: .milliseconds(16))
        let viewer = harness.open(["session": "move"])
        _ = harness.drain(viewer)
        _ = harness.send(viewer, #"{"type":"command","name":"next"}"#)
        let start = harness.now
        #expect(harness.loop.nextWake(now: start) == start + .milliseconds(16))
        var settledAt: Duration?
        while settledAt == nil, harness.now < start + .seconds(1) {
            harness.advance(by: .milliseconds(16))
            if try Self.frames(&harness, viewer).contains(where: { $0.encoded.contains(#""type":"settled""#) }) {
                settledAt = harness.now
            }
        }
        let settled = try #require(settledAt)
        #expect(settled - start <= .milliseconds(416), "a command rests within 400 ms")
        let ticksWhileMoving = harness.ticks
        #expect(ticksWhileMoving >= 20 && ticksWhileMoving <= 27, "\(ticksWhileMoving) ticks of 16 ms")
        #expect(!harness.loop.isTicking)
        harness.advance(by: .seconds(10))
        #expect(harness.ticks == ticksWhileMoving, "at rest again: no tick")
    }

    @Test("auto-scroll counting down: one wake, at the very step it fires")
    func countdown() throws {
        var harness = LoopHarness()
        let viewer = harness.open(["session": "count"])
        _ = harness.send(viewer, #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":2000}}}"#)
        let configured = harness.now
        _ = harness.drain(viewer)
        #expect(harness.loop.nextWake(now: configured) == configured + .seconds(2))
        harness.advance(by: .milliseconds(1999))
        let early = try Self.frames(&harness, viewer)
        #expect(harness.ticks == 0 && early.isEmpty)
        harness.advance(by: .milliseconds(1))
        let fired = try Self.frames(&harness, viewer)
        #expect(harness.ticks == 1)
        #expect(fired.count == 1 && fired[0].encoded.contains(#"{"type":"autoScrolled","index":0}"#))
        #expect(harness.loop.isTicking, "the step it fired starts a motion")
    }

    @Test("a session nobody watches is reaped when its linger ends (5 s when nobody touched it), then nothing is due")
    func linger() {
        var harness = LoopHarness(limits: PreviewHub.Limits(sessionLinger: .seconds(60)))
        let glance = harness.open(["session": "glance"])
        harness.close(glance)
        #expect(harness.loop.nextWake(now: harness.now) == harness.now + Session.untouchedLinger)
        harness.advance(by: Session.untouchedLinger)
        #expect(harness.loop.sessionCount == 0)
        let viewer = harness.open(["session": "gone"])
        _ = harness.send(viewer, #"{"type":"command","name":"next"}"#)
        harness.advance(by: .seconds(1))
        harness.close(viewer)
        let ticks = harness.ticks
        #expect(harness.loop.sessionCount == 1)
        #expect(harness.loop.nextWake(now: harness.now) == harness.now + .seconds(60))
        harness.advance(by: .seconds(60))
        #expect(harness.loop.sessionCount == 0 && harness.ticks == ticks + 1)
        #expect(harness.loop.nextWake(now: harness.now) == nil)
    }

    @Test("the hub's answer about one session never pushes back another's wake: a linger waits out a motion elsewhere")
    func wakesAcrossSessions() {
        var harness = LoopHarness(tick: .milliseconds(16), limits: PreviewHub.Limits(sessionLinger: .seconds(5)))
        harness.close(harness.open(["session": "left"]))
        let lingerEnd = harness.now + .seconds(5)
        #expect(harness.loop.nextWake(now: harness.now) == lingerEnd)
        let mover = harness.open(["session": "moving"])
        #expect(harness.loop.nextWake(now: harness.now) == lingerEnd, "a session at rest keeps the linger's wake")
        _ = harness.send(mover, #"{"type":"command","name":"next"}"#)
        let grid = harness.now + .milliseconds(16)
        #expect(harness.loop.nextWake(now: harness.now) == grid)
        harness.close(harness.open(["session": "passing"]))
        #expect(harness.loop.nextWake(now: harness.now) == grid, "a close elsewhere does not stop the motion's ticks")
        harness.advance(by: .seconds(1))
        #expect(!harness.loop.isTicking)
        #expect(harness.loop.nextWake(now: harness.now) == lingerEnd, "settled: the lingers are due next")
        harness.advance(by: .seconds(4))
        #expect(harness.loop.sessionCount == 1, "both lingers ended; the moving session's viewer stays")
    }
}
