import TestSupport
import Testing

@testable import CarouselCore

@Suite("Auto-scroll: one timer owner, pause reasons, restart on settle")
struct AutoScrollTests {
    /// Client times (ms) at which an automatic advance started: the frames where the phase turns
    /// to animating with no pause reason and no user input.
    static func advanceTimes(_ frames: [(time: Double, frame: Frame)]) -> [Double] {
        zip(frames, frames.dropFirst()).compactMap { previous, next in
            previous.frame.phase == .idle && next.frame.phase == .animating
                && next.frame.autoScroll.pauseReasons.isEmpty ? next.time : nil
        }
    }

    @Test("running and unpaused, it advances one item after each full interval of idle time")
    func advancesEachInterval() {
        var harness = Harness(.coverflow, itemCount: 5)
        #expect(harness.last.autoScroll.state == .running)
        #expect(harness.last.autoScroll.remaining == .milliseconds(3000))
        harness.advance(milliseconds: 2996)
        #expect(harness.last.phase == .idle)
        #expect(harness.last.autoScroll.remaining == .milliseconds(4))
        harness.advance(milliseconds: 4)
        #expect(harness.last.phase == .animating)
        let settle = harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        #expect(harness.last.position == 0)
        // The next interval counts from the settle, not from the advance.
        let animation = Double(settle.count) * 4
        #expect(animation <= 400, "an advance settles within the 400 ms budget, took \(animation) ms")
        harness.advance(milliseconds: 2996)
        #expect(harness.last.phase == .idle)
        harness.advance(milliseconds: 4)
        #expect(harness.last.phase == .animating)
    }

    @Test("the state is stopped, running, or paused with reasons: pointer down, user motion, hidden")
    func pauseReasons() {
        var harness = Harness(.coverflow, itemCount: 5)
        harness.pointer(.down, x: 100)
        #expect(harness.last.autoScroll.state == .paused)
        #expect(harness.last.autoScroll.pauseReasons == [.pointerDown])
        harness.pointer(.move, x: 0)
        harness.pointer(.up, x: -100)
        #expect(harness.last.autoScroll.pauseReasons == [.userMotion])
        harness.send(.visibility(isHidden: true))
        #expect(harness.last.autoScroll.pauseReasons == [.userMotion, .hidden])
        harness.runUntilIdle()
        #expect(harness.last.autoScroll.pauseReasons == [.hidden])
        harness.send(.visibility(isHidden: false))
        #expect(harness.last.autoScroll.state == .running && harness.last.autoScroll.pauseReasons.isEmpty)
        harness.send(.command(.setAutoScroll(enabled: false)))
        #expect(harness.last.autoScroll.state == .stopped)
        harness.advance(milliseconds: 60_000)
        #expect(harness.last.phase == .idle)
    }

    @Test("after any user interaction the countdown restarts from the full interval when the carousel settles")
    func restartsAfterInteraction() {
        var harness = Harness(.coverflow, itemCount: 5)
        harness.advance(milliseconds: 2000)
        harness.swipe(moving: -100, over: 50)
        #expect(harness.last.autoScroll.state == .paused)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        #expect(harness.last.autoScroll.remaining == .milliseconds(3000))
        harness.advance(milliseconds: 2996)
        #expect(harness.last.phase == .idle)
        harness.advance(milliseconds: 4)
        #expect(harness.last.phase == .animating)
        // A command is an interaction too.
        harness.runUntilIdle()
        harness.advance(milliseconds: 1000)
        harness.send(.command(.previous))
        harness.runUntilIdle()
        #expect(harness.last.autoScroll.remaining == .milliseconds(3000))
    }

    @Test("being hidden keeps the remaining time")
    func hiddenKeepsRemaining() {
        var harness = Harness(.coverflow, itemCount: 5)
        harness.advance(milliseconds: 1200)
        harness.send(.visibility(isHidden: true))
        harness.advance(milliseconds: 60_000)
        #expect(harness.last.phase == .idle)
        #expect(harness.last.autoScroll.remaining == .milliseconds(1800))
        harness.send(.visibility(isHidden: false))
        harness.advance(milliseconds: 1796)
        #expect(harness.last.phase == .idle)
        harness.advance(milliseconds: 4)
        #expect(harness.last.phase == .animating)
    }

    @Test("enabling twice, reconfiguring or replacing items never produces two advances in one interval")
    func neverTwiceInOneInterval() throws {
        var harness = Harness(.coverflow, itemCount: 6)
        var log: [(time: Double, frame: Frame)] = [(harness.clientTime, harness.last)]
        var generator = SeededGenerator(seed: 7)
        var reconfigured = Configuration.coverflow
        for round in 0..<400 {
            switch round % 5 {
            case 0: harness.send(.command(.setAutoScroll(enabled: true)))
            case 1: harness.send(.command(.setAutoScroll(enabled: true)))
            case 2:
                reconfigured.spacing = Double.random(in: 5...15, using: &generator)
                harness.send(.configure(reconfigured))
            case 3: harness.send(.replaceItems(makeItems(Int.random(in: 2...8, using: &generator))))
            default: harness.send(.command(.setAutoScroll(enabled: Bool.random(using: &generator))))
            }
            log.append((harness.clientTime, harness.last))
            for _ in 0..<Int.random(in: 1...400, using: &generator) {
                harness.advance(milliseconds: 4)
                log.append((harness.clientTime, harness.last))
            }
        }
        let advances = Self.advanceTimes(log)
        #expect(advances.count > 10)
        for (earlier, later) in zip(advances, advances.dropFirst()) {
            #expect(later - earlier >= 3000, "two advances \(later - earlier) ms apart")
        }
    }

    @Test("a finite strip rewinds to its first item after the last")
    func stripRewinds() {
        var strip = Configuration.strip
        strip.isAutoScrollEnabled = true
        var harness = Harness(strip, itemCount: 3)
        var visited: [Int] = []
        for _ in 0..<4 {
            harness.advance(milliseconds: 3000)
            harness.runUntilIdle()
            visited.append(harness.last.currentIndex)
        }
        #expect(visited == [1, 2, 0, 1])
    }

    @Test(
        "twenty minutes of auto-scroll every millisecond in one call: a short frame whose events chain, the state of small steps",
        arguments: [Configuration.banner, .coverflow, .strip]
    )
    func longGapSumsUpEarlierCycles(preset: Configuration) throws {
        var configuration = preset
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = .milliseconds(1)
        let items = (0..<7).map { CarouselItem(id: "i\($0)") }
        var whole = try Carousel(configuration: configuration, items: items)
        var sliced = whole
        let start = whole.takeFrame().currentIndex
        _ = sliced.takeFrame()
        whole.advance(by: .seconds(1200))
        let frame = whole.takeFrame()
        var events: [CarouselEvent] = []
        for _ in 0..<1200 {
            sliced.advance(by: .seconds(1))
            events += sliced.takeFrame().events
        }
        #expect(events.count > 1000, "auto-scroll ran: \(events.count) events")
        #expect(frame.events.count < 2 * Carousel.maximumPendingEvents, "\(frame.events.count) events")
        // The events still tell the way from the first index to the last, one change after another.
        var index = start
        for case .pageChanged(let next, let previous) in frame.events {
            #expect(previous == index)
            index = next
        }
        #expect(index == frame.currentIndex)
        var withoutEvents = frame
        withoutEvents.events = []
        var slicedFrame = sliced.frame
        slicedFrame.events = []
        #expect(withoutEvents == slicedFrame)
    }
}
