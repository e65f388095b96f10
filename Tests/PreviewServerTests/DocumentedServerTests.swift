import Foundation
import PreviewProtocol
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewServer

/// What the documents say the server and the command do, where a review found them stated wrongly
/// once: how long a session outlives its last viewer (docs/protocol/README.md, security.md,
/// regression-tests.md), the keys of `/stats` (docs/reference/endpoints.md), what `feel` prints
/// (docs/guide/feel.md) and the line `replay --expect` writes on a mismatch (recording.md).
@Suite("What the documents say the server and the command do")
struct DocumentedServerTests {
    // MARK: - Linger

    @Test(
        "an untouched session outlives its last viewer by the shorter of 5 s and the linger; a touched one, the linger",
        arguments: [Duration.seconds(1), .seconds(5), .seconds(8), .seconds(60)]
    )
    func untouchedLinger(linger: Duration) {
        var harness = LoopHarness(limits: PreviewHub.Limits(sessionLinger: linger))
        let glance = harness.open(["session": "glance"])
        let touched = harness.open(["session": "touched"])
        _ = harness.send(touched, #"{"type":"command","name":"next"}"#)
        harness.advance(by: .seconds(1))
        harness.close(glance)
        harness.close(touched)
        let shorter = min(linger, Session.untouchedLinger)
        harness.advance(by: shorter - .milliseconds(1))
        #expect(harness.loop.sessionCount == 2, "both still there just before \(shorter)")
        harness.advance(by: .milliseconds(1))
        #expect(harness.loop.sessionCount == (shorter == linger ? 0 : 1), "the untouched one ends at \(shorter)")
        if shorter < linger {
            harness.advance(by: linger - shorter - .milliseconds(1))
            #expect(harness.loop.sessionCount == 1)
            harness.advance(by: .milliseconds(1))
            #expect(harness.loop.sessionCount == 0, "the touched one ends at \(linger)")
        }
    }

    @Test(
        "the kinds docs/reference/messages.md says touch a session keep it the whole linger; the others do not",
        arguments: MessageKind.allCases
    )
    func touchingKinds(kind: MessageKind) {
        var harness = LoopHarness(limits: PreviewHub.Limits(sessionLinger: .seconds(60)))
        let viewer = harness.open(["session": "only-\(kind.rawValue)"])
        _ = harness.send(viewer, kind.example)
        harness.advance(by: .seconds(1))
        harness.close(viewer)
        harness.advance(by: Session.untouchedLinger)
        #expect(harness.loop.sessionCount == (kind.touchesSession ? 1 : 0), "after its example alone")
    }

    @Test("at linger 0 a session ends at the next tick, a frame after the close: a viewer back sooner finds it")
    func lingerZero() throws {
        var harness = LoopHarness(tick: .milliseconds(16), limits: PreviewHub.Limits(sessionLinger: .zero))
        let first = harness.open(["session": "zero", "clock": "manual"])
        _ = harness.send(first, #"{"type":"configure","config":{"spacing":3}}"#)
        harness.close(first)
        #expect(harness.loop.nextWake(now: harness.now) == harness.now + .milliseconds(16))
        harness.advance(by: .milliseconds(15))
        #expect(harness.loop.sessionCount == 1, "not at the close itself")
        let back = harness.open(["session": "zero", "clock": "manual"])
        let welcome = try JSONParser.parse(try #require(harness.drain(back).first))
        #expect(welcome["config"]?["spacing"] == .number(3), "the session it left, not a new one")
        harness.advance(by: .milliseconds(1))
        #expect(harness.loop.sessionCount == 1, "watched at the tick")

        harness.close(back)
        let closedAt = harness.now
        #expect(harness.loop.nextWake(now: harness.now) == closedAt + .milliseconds(16))
        harness.advance(by: .milliseconds(15))
        #expect(harness.loop.sessionCount == 1)
        harness.advance(by: .milliseconds(1))
        #expect(harness.loop.sessionCount == 0, "gone at the first tick after the close")
    }

    // MARK: - /stats

    @Test("/stats has exactly the keys docs/reference/endpoints.md names, in that order")
    func statsKeys() throws {
        let harness = LoopHarness()
        guard case .object(let members) = harness.loop.statistics else {
            Issue.record("/stats is not an object")
            return
        }
        let keys = members.map { $0.key }
        #expect(
            keys == [
                "worker", "connections", "sessions", "framesWritten", "queuedBytes", "maximumTickLagMs",
                "longestTurnMs", "longestTurnMsLastMinute", "journalBytes", "imageBytes",
            ]
        )
        let summary = try #require(Router.endpoints.first { $0.path == "/stats" }?.summary)
        let named = summary.matches(of: /`(\w+)`/).map { String($0.1) }.filter { $0 != "null" }
        #expect(named == keys, "\(summary)")
    }

    // MARK: - feel's names and drift lines

    @Test("feel heads a table with the --settings path, names gestures FILE #N, and writes drifts as feel.md shows")
    func feelOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = folder.appendingPathComponent("tuned.json").path
        let baseline = folder.appendingPathComponent("feel-baseline.json").path
        let corpus = Repository.file("public/corpus").path
        func tune(spring: Int) throws {
            let config = #"{"preset":"banner","springFrequency":\#(spring)}"#
            try #"{"format":"carousel-preview/settings","version":1,"config":\#(config),"itemCount":5}"#
                .write(toFile: settings, atomically: true, encoding: .utf8)
        }
        try tune(spring: 20)
        let scored = try ReplayCommandTests.run(["feel", corpus, "--settings", settings, "--write-baseline", baseline])
        #expect(scored.status == 0, "\(scored.errors)")
        #expect(scored.output.hasPrefix("\(settings)\n"), "the table is headed by the path as given")
        #expect(scored.output.contains("\ndouble-flick.json #1 ") && scored.output.contains("\ndouble-flick.json #2 "))

        try tune(spring: 14)
        let drifted = try ReplayCommandTests.run(["feel", corpus, "--settings", settings, "--baseline", baseline])
        #expect(drifted.status == 1)
        #expect(drifted.errors.hasPrefix("feel drifted from \(baseline):\n"), "\(drifted.errors)")
        let line = "\(settings) · caught-mid-flight.json #2: settleMs 300 → 383 (tolerance 10)"
        #expect(drifted.errors.contains("\n  \(line)\n"), "\(drifted.errors)")

        let viewers = try ReplayCommandTests.run(["feel", RecordingFixture.recording])
        #expect(viewers.status == 0, "\(viewers.errors)")
        #expect(viewers.output.hasPrefix("preset banner\n"), "without --settings or --preset: the banner preset")
        #expect(viewers.output.contains("\ntwo-viewers.recording.json client 2 #1 "), "\(viewers.output)")
    }

    // MARK: - replay --expect's line

    @Test("--expect's mismatch: nothing on stdout, one stderr line of the file, frame N from 1, its seq, the member")
    func expectMismatchLine() throws {
        let lines = try String(contentsOfFile: RecordingFixture.frames, encoding: .utf8).split(separator: "\n")
            .map(String.init)
        let index = try #require(lines.firstIndex { $0.contains(#""phase":"animating""#) })
        let seq = try #require(lines[index].firstMatch(of: /"seq":(\d+)/)).1
        var changed = lines
        changed[index] = lines[index].replacingOccurrences(of: #""phase":"animating""#, with: #""phase":"idle""#)
        let file = try ReplayCommandTests.temporaryFile(changed.joined(separator: "\n") + "\n")
        let result = try ReplayCommandTests.run(["replay", RecordingFixture.recording, "--expect", file])
        #expect(result.status == 1 && result.output.isEmpty)
        let frame = "frame \(index + 1) (seq \(seq))"
        #expect(result.errors == "\(file): \(frame): phase is \"animating\", expected \"idle\"\n")

        let shorter = try ReplayCommandTests.temporaryFile(lines.dropLast().joined(separator: "\n") + "\n")
        let short = try ReplayCommandTests.run(["replay", RecordingFixture.recording, "--expect", shorter])
        #expect(short.status == 1 && short.output.isEmpty)
        #expect(short.errors == "\(shorter): the replay sent \(lines.count) frames, expected \(lines.count - 1)\n")
    }
}
