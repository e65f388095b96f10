import CarouselCore
import Foundation
import PreviewRecording
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Feel drives a gesture's inputs through the engine again under a configuration: the same hand
/// under another spring settles later, which the baseline gate names; the same configuration gives
/// the same scores; gestures come out of recordings whole, and what no finger makes is refused.
@Suite("Feel runs gestures through the engine and gates on a baseline")
struct FeelRunTests {
    /// A finger flicking left from x 250 by `step` pt every 8 ms, six times, released 8 ms later.
    static func flick(_ name: String, step: Double = 20) -> FeelGesture {
        var inputs = [FeelGesture.Input(.down, x: 250, y: 90, time: 1000)]
        for move in 1...6 {
            inputs.append(.init(.move, x: 250 - step * Double(move), y: 90, time: 1000 + 8 * Double(move)))
        }
        inputs.append(.init(.up, x: 250 - step * 6, y: 90, time: 1056))
        return FeelGesture(name: name, inputs: inputs)
    }

    static func banner(_ patch: String = "{}") throws -> PreviewSettings {
        let config = try SessionConfiguration(preset: "banner")!.applying(try JSONParser.parse(patch))
        return PreviewSettings(config: config, itemCount: 5)
    }

    @Test(
        "a left flick on the banner moves one item, rests on the grid, and runs at 60 frames a second after the release"
    )
    func flickOnBanner() throws {
        let run = try FeelRun(Self.flick("flick"), on: try Self.banner())
        let score = try #require(run.scores.first)
        #expect(run.scores.count == 1 && score.gesture == "flick #1")
        #expect(score.movedItems == 1)
        #expect(score.releaseVelocity > 1000)
        #expect(score.settleMilliseconds.map { $0 > 100 && $0 < 2000 } == true, "\(score)")
        #expect(score.restOffGrid == 0)
        let after = run.frames[run.releaseFrames[0]...].map(\.time)
        for (previous, next) in zip(after, after.dropFirst()) { #expect(abs(next - previous - 1000.0 / 60) < 1e-6) }
        #expect(try FeelRun(Self.flick("flick"), on: try Self.banner()).scores == [score], "deterministic")
    }

    @Test("spring 20 → 8 drifts release-to-rest past its tolerance, naming each gesture; the same carousel passes")
    func gate() throws {
        let gestures = [Self.flick("flick fast"), Self.flick("flick gentle", step: 6)]
        let before = try FeelReport(label: "banner", settings: try Self.banner(), gestures: gestures)
        let baseline = try FeelBaseline(text: FeelBaseline.json(of: [before]).encoded)
        let same = try FeelReport(
            label: "banner",
            settings: try Self.banner(#"{"springFrequency":20}"#),
            gestures: gestures
        )
        #expect(baseline.drifts(in: [same]).isEmpty)
        let softer = try FeelReport(
            label: "banner",
            settings: try Self.banner(#"{"springFrequency":8}"#),
            gestures: gestures
        )
        let drifts = baseline.drifts(in: [softer])
        for name in ["flick fast #1", "flick gentle #1"] {
            #expect(drifts.contains { $0.hasPrefix("banner · \(name): settleMs ") }, "\(drifts)")
        }
        #expect(baseline.drifts(in: []) == ["banner: not run (the baseline has it)"])
    }

    @Test("tolerances come from the baseline file, and a bad one is refused with its name")
    func tolerances() throws {
        let report = try FeelReport(label: "banner", settings: try Self.banner(), gestures: [Self.flick("flick")])
        let loose = #"{"tolerances":{"settleMs":100000},"reports":[\#(report.json.encoded)]}"#
        let softer = try FeelReport(
            label: "banner",
            settings: try Self.banner(#"{"springFrequency":8}"#),
            gestures: [Self.flick("flick")]
        )
        #expect(try FeelBaseline(text: loose).drifts(in: [softer]).allSatisfy { !$0.contains("settleMs") })
        for bad in [
            #"{"tolerances":{"settleMs":-1},"reports":[]}"#, #"{"tolerances":{"feel":1},"reports":[]}"#, "[",
            #"{"reports":[{}]}"#,
        ] {
            #expect(throws: RecordingError.self, "\(bad)") { try FeelBaseline(text: bad) }
        }
    }

    @Test("a recording's gestures come out whole, each with the item the session rested on when it began")
    func fromRecording() throws {
        let text = try String(
            contentsOf: Repository.file("Tests/Fixtures/recordings/two-viewers.recording.json"),
            encoding: .utf8
        )
        let takes = try FeelGesture.gestures(in: try Recording(text: text), file: "two-viewers.json")
        // Two viewers dragged in turn: a take each, the second beginning where the first left it.
        #expect(takes.map(\.name) == ["two-viewers.json client 1", "two-viewers.json client 2"])
        #expect(
            takes.allSatisfy { $0.gestureCount == 1 && $0.inputs.first?.phase == .down && $0.inputs.last?.phase == .up }
        )
        #expect(takes[1].startItem != takes[0].startItem)
    }

    @Test("what no finger makes is refused: times that go back, a take past 10,000 inputs or 30 s, no up, two downs")
    func refused() {
        var backwards = Self.flick("back")
        backwards.inputs[3].time = 900
        var endless = Self.flick("endless")
        endless.inputs[6].time = 40_000
        endless.inputs[7].time = 40_000
        var unfinished = Self.flick("unfinished")
        unfinished.inputs.removeLast()
        let many = FeelGesture(
            name: "many",
            inputs: [.init(.down, x: 0, y: 0, time: 0)]
                + (0..<10_000).map { .init(.move, x: Double($0 % 7), y: 0, time: 0.5 * Double($0)) }
                + [.init(.up, x: 0, y: 0, time: 5000)]
        )
        var twoDowns = Self.flick("two downs")
        twoDowns.inputs[2].kind = .pointer(.down)
        for gesture in [backwards, endless, unfinished, many, twoDowns] {
            #expect(throws: RecordingError.self, "\(gesture.name)") { try FeelRun(gesture, on: try Self.banner()) }
        }
    }

    /// A trackpad's swipe: wheel dx events 16 ms apart from `start` ms, 154 pt in all.
    static func swipe(from start: Double, sign: Double = 1) -> [FeelGesture.Input] {
        [2, 5, 10, 16, 20, 22, 20, 17, 13, 10, 7, 5, 3, 2, 1, 1].enumerated().map { index, dx in
            .init(wheel: sign * Double(dx), dy: 0, time: start + 16 * Double(index))
        }
    }

    @Test("wheel events split into gestures at the engine's quiet (150 ms) and at a pointer's gesture")
    func wheelGestures() {
        let inputs: [FeelGesture.Input] = [
            .init(wheel: 0, dy: 100, time: 0), .init(wheel: 0, dy: 100, time: 60), .init(wheel: 0, dy: 100, time: 209),
            .init(wheel: 0, dy: 100, time: 359), .init(.down, x: 200, y: 90, time: 400),
            .init(.up, x: 150, y: 90, time: 450),
            .init(wheel: 0, dy: 100, time: 460),
        ]
        let take = FeelGesture(name: "mixed", inputs: inputs)
        // 60 → 209 is 149 ms (one gesture); 209 → 359 is 150 ms (the quiet: a new one).
        #expect(take.gestureRanges == [0...2, 3...3, 4...5, 6...6])
        #expect(take.gestureCount == 4)
        #expect(throws: Never.self) { try take.check() }
        var inside = take
        inside.inputs.insert(.init(wheel: 0, dy: 5, time: 420), at: 5)
        #expect(throws: RecordingError.self) { try inside.check() }
    }

    @Test("a trackpad swipe moves the banner one item and rests on the grid; its mirror moves one back")
    func trackpadSwipe() throws {
        let next = try FeelRun(FeelGesture(name: "swipe", inputs: Self.swipe(from: 1000)), on: try Self.banner())
        let score = try #require(next.scores.first)
        #expect(next.scores.count == 1)
        #expect(score.movedItems == 1 && score.restOffGrid == 0, "\(score)")
        #expect(score.releaseVelocity > 0)
        let back = try FeelRun(
            FeelGesture(name: "back", inputs: Self.swipe(from: 1000, sign: -1)),
            on: try Self.banner()
        )
        #expect(back.scores.first?.movedItems == -1)
        // A swipe, then a flick 500 ms after it: two gestures, each scored on its own frames.
        let both = FeelGesture(name: "both", inputs: Self.swipe(from: 0) + Self.flick("f").inputs)
        let run = try FeelRun(both, on: try Self.banner())
        #expect(run.scores.map(\.movedItems) == [1, 1])
        #expect(run.gestureFrames.count == 2 && run.gestureFrames[0].upperBound == run.gestureFrames[1].lowerBound)
    }
}
