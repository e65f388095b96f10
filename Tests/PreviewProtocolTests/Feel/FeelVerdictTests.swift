import CarouselCore
import Testing

@testable import PreviewProtocol

/// Each gesture's verdict, against its limits: fine inside them, each finding past one with the
/// number that decided it, worst first; a gesture caught by the next is not judged on its settle;
/// the summary says it in words; the shipped corpus on the banner is fine but for a wheel's notches.
@Suite("Feel's verdict per gesture: fine, jumps, overshoots, slow to settle")
struct FeelVerdictTests {
    /// A score whose measures are set by hand (the samples only make it).
    static func score(
        settle: Double? = 300,
        overshoot: Double = 0,
        jump: Double = 30,
        fastest: Double = 2000,
        name: String = "g"
    ) -> FeelScore {
        var score = FeelScore(
            gesture: name,
            samples: [FeelSample(time: 0, offset: 0, velocity: 0, index: 0, isIdle: true)],
            release: 0,
            pitch: nil,
            itemCount: 1
        )
        score.settleMilliseconds = settle
        score.overshoot = overshoot
        score.largestJump = jump
        score.fastestSpeed = fastest
        return score
    }

    @Test("inside every limit it is fine; just past one it says which, with the number")
    func limits() {
        #expect(FeelVerdict(Self.score()).text == "fine")
        #expect(FeelVerdict(Self.score()).rank == 0 && FeelVerdict(Self.score()).says == "fine")
        // Release to rest: the engine's 400 ms budget and the baseline's 10 ms tolerance.
        #expect(FeelVerdict(Self.score(settle: 410)).text == "fine")
        #expect(FeelVerdict(Self.score(settle: 640)).text == "slow to settle: 640 ms")
        // Overshoot: the baseline's 2 pt tolerance.
        #expect(FeelVerdict(Self.score(overshoot: 2)).text == "fine")
        #expect(FeelVerdict(Self.score(overshoot: 12.34)).text == "overshoots: 12.3 pt past its rest")
        // A frame's move: twice the fastest speed's move in a 60 Hz frame, plus 5 pt. At 600 pt/s:
        // 2 × 10 + 5 = 25 pt.
        #expect(FeelVerdict(Self.score(jump: 25, fastest: 600)).text == "fine")
        #expect(FeelVerdict(Self.score(jump: 25.5, fastest: 600)).says == "jumps")
        #expect(FeelVerdict(Self.score(jump: 200, fastest: 0)).text == "jumps: 200 pt in one frame")
        // A flick's fast frames are no jump: 64 pt a frame at 8000 pt/s.
        #expect(FeelVerdict(Self.score(jump: 64, fastest: 8000)).text == "fine")
    }

    @Test("several findings: all said, worst first; caught by the next gesture, no settle to judge")
    func severalAndCaught() {
        let verdict = FeelVerdict(Self.score(settle: 716, overshoot: 3, jump: 200, fastest: 1620))
        #expect(verdict.text == "jumps: 200 pt in one frame; overshoots: 3.0 pt past its rest; slow to settle: 716 ms")
        #expect(verdict.says == "jumps" && verdict.rank == 3)
        #expect(FeelVerdict(Self.score(overshoot: 3)).rank == 2 && FeelVerdict(Self.score(settle: 500)).rank == 1)
        #expect(FeelVerdict(Self.score(settle: nil)).text == "fine")
        let json = verdict.json
        #expect(json["says"] == .string("jumps") && json["measure"] == .string("largestJump"))
        #expect(json["value"] == .number(200) && json["rank"] == .number(3))
        guard case .number(let limit)? = json["limit"] else { Issue.record("no limit"); return }
        #expect(abs(limit - (2 * 1620 / 60 + 5)) < 1e-9)
        #expect(FeelVerdict(Self.score()).json.encoded == #"{"says":"fine","text":"fine","rank":0}"#)
    }

    @Test("the summary counts each gesture under its worst, worst first, with the largest number")
    func summary() {
        let scores = [
            Self.score(), Self.score(settle: 640), Self.score(settle: 500), Self.score(jump: 200, fastest: 0),
            Self.score(),
        ]
        #expect(
            FeelVerdict.summary(of: scores)
                == "5 recorded gestures: 1 with a jump (200 pt in one frame), 2 slow to settle (up to 640 ms), 2 fine"
        )
        #expect(FeelVerdict.summary(of: [Self.score(), Self.score()]) == "2 recorded gestures: all fine")
        #expect(
            FeelVerdict.summary(of: [Self.score(overshoot: 4)])
                == "1 recorded gesture: 1 overshooting (4.0 pt past its rest)"
        )
        #expect(FeelVerdict.summary(of: []) == "no recorded gestures")
    }

    @Test("the shipped corpus on the banner: every gesture fine but the wheel's notches, which jump")
    func bannerCorpus() throws {
        let report = try FeelReport(
            label: "preset banner",
            settings: try FeelCorpusTests.banner(),
            gestures: try FeelCorpusTests.takes()
        )
        let jumping = report.scores.filter { FeelVerdict($0).says != "fine" }.map(\.gesture)
        #expect(jumping == ["wheel-notches-back.json #1", "wheel-notches-next.json #1"])
        #expect(jumping.allSatisfy { name in FeelVerdict(report.scores.first { $0.gesture == name }!).says == "jumps" })
        #expect(report.summary == "23 recorded gestures: 2 with a jump (up to 200 pt in one frame), 21 fine")
        // The CLI's table gives each row its verdict and ends with the summary.
        let lines = report.table.split(separator: "\n").map(String.init)
        #expect(lines[1].hasSuffix("verdict"))
        #expect(
            lines.first { $0.hasPrefix("wheel-notches-next.json #1") }?.hasSuffix("jumps: 200 pt in one frame") == true
        )
        #expect(lines.first { $0.hasPrefix("flick-1000-next.json #1") }?.hasSuffix("fine") == true)
        #expect(lines.last == report.summary)
    }

    @Test("a free-scrolling banner coasts past the settle budget: its flicks are slow to settle")
    func freeScrollCoasts() throws {
        let report = try FeelReport(
            label: "free",
            settings: try FeelCorpusTests.banner(#"{"snapping":"free"}"#),
            gestures: try FeelCorpusTests.takes()
        )
        let flick = try #require(report.scores.first { $0.gesture == "flick-3000-next.json #1" })
        #expect(FeelVerdict(flick).says == "slow to settle")
        #expect(FeelVerdict(flick).text == "slow to settle: \(Int(flick.settleMilliseconds!.rounded())) ms")
        #expect(report.summary.contains(" slow to settle (up to "))
    }
}
