import PreviewRecording
import Testing

@testable import PreviewProtocol

/// A live session whose frames no viewer draws (every page follows the engine stream) does not
/// wake the server on the frame grid: its ticks are owed and run when it is next touched. Driven
/// as the event loop drives the hub (ticks on the grid while a session asks for them, else a sleep
/// until its deadline), the same messages at the same times leave the same journal, checkpoint and
/// engine whether the second viewer draws frames or follows the stream, with far fewer wakes.
@Suite("Owed ticks: a session nobody draws frames of wakes the server only for what it sends")
struct OwedTicksTests {
    /// The event loop's schedule (`ServiceLoop.nextWake`), over a hub: on the frame grid while the
    /// hub's deadline has come, else asleep until it.
    struct Loop {
        var hub = PreviewHub()
        var now = Duration.zero
        var hubWake: Duration?
        var gridNext = Duration.zero
        var isTicking = false
        var wakes = 0
        /// The session's journal as the test read it along the way.
        var journals: [SessionJournal] = []
        let interval = PreviewHub.Limits.standard.frameInterval

        mutating func nextWake() -> Duration? {
            guard let hubWake else {
                isTicking = false
                return nil
            }
            guard hubWake <= now else {
                isTicking = false
                return hubWake
            }
            if !isTicking {
                gridNext = now + interval
                isTicking = true
            }
            return gridNext
        }

        /// Ticks whenever the loop would until `time`, then stands there.
        mutating func run(until time: Duration) {
            while let wake = nextWake(), wake <= time {
                now = max(now, wake)
                if isTicking, now >= gridNext { gridNext += interval }
                hubWake = hub.tick(now: now).nextDeadline
                wakes += 1
            }
            now = time
        }

        mutating func open(_ connection: Int, _ query: [String: String], at time: Duration) {
            run(until: time)
            hubWake = PreviewHub.earlier(hubWake, hub.open(connection, query: query, now: now).nextDeadline)
        }

        mutating func send(_ connection: Int, _ text: String, at time: Duration) {
            run(until: time)
            hubWake = PreviewHub.earlier(hubWake, hub.receive(connection, text: text, now: now).nextDeadline)
        }
    }

    /// Viewer 1 follows the stream and sets auto-scroll going, then flicks once a second, each
    /// message between two grid ticks (a message and a tick at one instant may come in either
    /// order); viewer 2 follows the stream too, or draws frames.
    static func drive(secondFollows: Bool) -> Loop {
        var loop = Loop()
        let grid = loop.interval
        loop.open(1, ["session": "s", "engine": "stream"], at: .zero)
        loop.open(2, ["session": "s"].merging(secondFollows ? ["engine": "stream"] : [:]) { $1 }, at: grid * 3 / 2)
        let configure =
            #"{"type":"configure","config":{"preset":"coverflow","autoscroll":{"enabled":true,"intervalMs":700}}}"#
        loop.send(1, configure, at: grid * 5 / 2)
        for flick in 0..<4 {
            let start = grid * (60 * flick + 30) + grid / 2
            let direction = flick % 2 == 0 ? -1.0 : 1.0
            let t = Double(flick) * 1000
            loop.send(1, #"{"type":"pointer","phase":"down","x":190,"y":90,"t":\#(t)}"#, at: start)
            for step in 1...8 {
                let x = 190 + direction * Double(step) * 14
                let message = #"{"type":"pointer","phase":"move","x":\#(x),"y":90,"t":\#(t + Double(step) * 16)}"#
                loop.send(1, message, at: start + grid * step)
            }
            let up = #"{"type":"pointer","phase":"up","x":\#(190 + direction * 112),"y":90,"t":\#(t + 128)}"#
            loop.send(1, up, at: start + grid * 9)
            // Read as the flick settles, once a message has run the ticks owed before it.
            loop.send(2, #"{"type":"ping","id":\#(flick)}"#, at: start + grid * 20)
            loop.journals.append(loop.hub.sessions["s"]!.session.journal)
        }
        loop.send(2, #"{"type":"ping","id":9}"#, at: .seconds(6) + grid / 2)
        loop.journals.append(loop.hub.sessions["s"]!.session.journal)
        return loop
    }

    @Test("the journal, its checkpoint and the engine are a frames-drawing session's, with a fraction of the wakes")
    func sameJournalFewerWakes() throws {
        let owed = Self.drive(secondFollows: true)
        let ticked = Self.drive(secondFollows: false)
        let owedSession = try #require(owed.hub.sessions["s"]?.session)
        let tickedSession = try #require(ticked.hub.sessions["s"]?.session)
        for (index, (owedJournal, tickedJournal)) in zip(owed.journals, ticked.journals).enumerated() {
            #expect(owedJournal.base == tickedJournal.base, "journal \(index): its checkpoint")
            #expect(owedJournal.steps.count == tickedJournal.steps.count, "journal \(index): its length")
            #expect(owedJournal.steps == tickedJournal.steps, "journal \(index): its steps")
        }
        #expect(owedSession.engine.frame == tickedSession.engine.frame)
        // The flicks and each auto-scroll keep the carousel moving about two of the six seconds:
        // the frames viewer's loop ticks on the grid all that while, and sleeps between.
        #expect(ticked.wakes > 100, "ticked \(ticked.wakes) wakes")
        #expect(owed.wakes * 5 < ticked.wakes, "owed \(owed.wakes) wakes, ticked \(ticked.wakes)")
    }
}
