import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("The budget for recordings: journals and replays together stay within --journal-budget")
struct JournalBudgetTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let budget = 1024 * 1024
    static let sessions = ["s0", "s1", "s2", "s3"]

    static func transport(budget: Int = budget) -> FakeTransport {
        FakeTransport(hub: PreviewHub(limits: PreviewHub.Limits(journalBudget: budget)))
    }

    static func footprint(_ transport: FakeTransport, _ session: String) -> Int {
        transport.hub.sessions[session]!.session.historyFootprint
    }

    static func dropReason(_ transport: FakeTransport, _ session: String) -> JournalDrop? {
        transport.hub.sessions[session]!.session.journal.dropReason
    }

    /// Shows session `index`'s 60 items, then puts a finger down on it: its journal keeps every
    /// step from here, for the session never rests to write a checkpoint.
    static func hold(_ transport: inout FakeTransport, _ connection: Int, session index: Int) {
        transport.send(connection, MemoryFootprintTests.configure(index))
        transport.send(connection, RecordingTests.pointer("down", x: 200, t: 0))
    }

    /// A 60-item configure that keeps the carousel moving: the items are those already shown, only
    /// the spacing changes, so the finger's drag goes on and each one stays in the journal.
    static func held(_ number: Int, session index: Int) -> String {
        MemoryFootprintTests.configure(index).replacingOccurrences(
            of: #""spacing":\#(index % 20)}"#,
            with: #""spacing":\#(number % 20)}"#
        )
    }

    static func lastError(_ transport: FakeTransport, _ connection: Int) -> JSONValue? {
        RecordingTests.messages(transport, connection).last { $0["type"] == .string("error") }
    }

    @Test(
        "a flood of 60-item configures in four sessions: the total never passes the budget, the largest journal goes first, and its session says why it cannot record"
    )
    func floodDropsTheLargestFirst() throws {
        var transport = Self.transport()
        for (index, session) in Self.sessions.enumerated() {
            transport.open(index + 1, ["session": session, "clock": "manual"])
            Self.hold(&transport, index + 1, session: index)
        }
        // The smallest sender records from the start: no other journal ends it, but it outgrows its
        // share (a quarter of the budget), and then its own drop ends the recording.
        transport.send(4, #"{"type":"record","action":"start"}"#)
        var drops: [String] = []
        for round in 0..<400 {
            // s0 sends every round, s1 every second, s2 every fourth, s3 every eighth: the sizes differ
            // by twice at each drop, so which is largest is never a matter of one step.
            for index in Self.sessions.indices where round % (1 << index) == 0 {
                let before = Dictionary(uniqueKeysWithValues: Self.sessions.map { ($0, Self.footprint(transport, $0)) })
                transport.send(index + 1, Self.held(round * 4 + index, session: index))
                let total = transport.hub.journalFootprint
                #expect(total <= Self.budget, "round \(round): \(total) bytes held")
                #expect(total == Self.sessions.reduce(0) { $0 + Self.footprint(transport, $1) })
                for dropped in Self.sessions
                where !drops.contains(dropped) && Self.dropReason(transport, dropped) != nil {
                    let largest = Self.sessions.filter { !drops.contains($0) }.max { before[$0]! < before[$1]! }
                    #expect(dropped == largest, "round \(round): dropped \(dropped), sizes before \(before)")
                    drops.append(dropped)
                }
            }
        }
        #expect(drops == Self.sessions, "the largest first, then the next largest")
        #expect(Self.dropReason(transport, "s0") == .serverBudget(bytes: Self.budget))

        // s3 was recording: its starter heard why the recording stopped, and everyone that it did.
        let messages = RecordingTests.messages(transport, 4)
        let stopped = try #require(
            messages.firstIndex { $0["type"] == .string("record") && $0["state"] == .string("stopped") }
        )
        #expect(messages[stopped - 1]["code"] == .string("server_full"))
        #expect(messages[stopped - 1]["message"]?.encoded.contains("the recording stopped") == true)
        #expect(!messages.contains { $0["type"] == .string("recording") })

        transport.send(1, #"{"type":"record","action":"start"}"#)
        let refusal = try #require(Self.lastError(transport, 1))
        #expect(refusal["code"] == .string("server_full"))
        #expect(refusal["ref"] == .string("record"))
        let text = refusal["message"]?.encoded ?? ""
        #expect(text.contains("the server's memory budget for recordings (1 MiB) was reached"), "\(text)")
        #expect(text.contains("recording works again once the carousel next comes to rest"), "\(text)")

        transport.send(1, #"{"type":"replay","gesture":"last"}"#)
        let slowMotion = try #require(Self.lastError(transport, 1))
        #expect(slowMotion["code"] == .string("server_full"))
        #expect(slowMotion["ref"] == .string("replay"))
        #expect(slowMotion["message"]?.encoded.contains("memory budget for recordings") == true)

        // The finger lifts and the carousel comes to rest: a checkpoint starts the journal again.
        transport.send(1, RecordingTests.pointer("up", x: 200, t: 16))
        transport.send(1, #"{"type":"advance","ms":1000}"#)
        #expect(Self.dropReason(transport, "s0") == nil)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        #expect(RecordingTests.messages(transport, 1).last?["state"] == .string("started"))
    }

    @Test("a session that ends gives its journal's bytes back to the budget")
    func endedSessionsGiveBack() {
        var transport = Self.transport()
        transport.open(1, ["session": "gone", "clock": "manual"])
        Self.hold(&transport, 1, session: 0)
        for number in 1...10 { transport.send(1, Self.held(number, session: 0)) }
        #expect(transport.hub.journalFootprint > 10 * 20_000)
        transport.leave(1)
        transport.tick(by: PreviewHub.Limits.standard.sessionLinger + .seconds(1))
        #expect(transport.hub.sessionCount == 0)
        #expect(transport.hub.journalFootprint == 0)
    }

    @Test("a replay counts in the budget: one larger than the budget is refused and says why")
    func replayOverBudget() throws {
        var recorder = Self.transport(budget: PreviewHub.Limits.standard.journalBudget)
        recorder.open(1, ["session": "big", "clock": "manual"])
        recorder.send(1, #"{"type":"record","action":"start"}"#)
        for number in 0..<20 { recorder.send(1, MemoryFootprintTests.configure(number)) }
        // A second to play, so the replay is still playing when the budget is read.
        recorder.send(1, #"{"type":"advance","ms":1000}"#)
        recorder.send(1, #"{"type":"record","action":"stop"}"#)
        let recording = try #require(RecordingTests.recordingText(recorder, 1))

        var small = Self.transport(budget: 256 * 1024)
        small.open(1, ["session": "replay", "clock": "manual"])
        small.send(1, #"{"type":"replay","recording":\#(recording)}"#)
        let refusal = try #require(Self.lastError(small, 1))
        #expect(refusal["code"] == .string("server_full"))
        #expect(refusal["message"]?.encoded.contains("memory budget for recordings (256 KiB) is taken") == true)

        var roomy = Self.transport(budget: 4 * 1024 * 1024)
        roomy.open(1, ["session": "replay", "clock": "manual"])
        roomy.send(1, #"{"type":"replay","recording":\#(recording)}"#)
        #expect(Self.lastError(roomy, 1) == nil)
        #expect(roomy.hub.journalFootprint > 20 * 20_000, "the replay playing is counted")
    }
}
