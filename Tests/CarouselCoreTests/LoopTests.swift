import TestSupport
import Testing

@testable import CarouselCore

@Suite("Seamless, bounded loop")
struct LoopTests {
    /// One item forward with a slow, exact drag: down, one move of a pitch, a pause, up.
    static func stepForward(_ carousel: inout Carousel, pitch: Double, time: inout Double) {
        try! carousel.handle(.pointer(PointerEvent(.down, x: 1000, timestamp: time)))
        try! carousel.handle(.pointer(PointerEvent(.move, x: 1000 - pitch, timestamp: time + 8)))
        try! carousel.handle(.pointer(PointerEvent(.up, x: 1000 - pitch, timestamp: time + 60)))
        time += 100
    }

    @Test(
        "the engine's whole state after a lap equals its state before but for the unwrapped count of items travelled: the position stays bounded"
    )
    func lapRestoresState() throws {
        for itemCount in [2, 3, 5, 6] {
            var carousel = try Carousel(configuration: .banner, items: makeItems(itemCount))
            let pitch = carousel.configuration.pitch
            var time = 0.0
            // After lcm(n, 3) items the ring's phase is back where it started too.
            let itemsPerCycle = itemCount % 3 == 0 ? itemCount : itemCount * 3
            let start = carousel
            for _ in 0..<itemsPerCycle { Self.stepForward(&carousel, pitch: pitch, time: &time) }
            _ = carousel.takeFrame()
            var expected = start
            expected.clock = carousel.clock
            // Only the unwrapped axis a timeline plots counts the items travelled.
            expected.unwrappedOrigin = Int64(itemsPerCycle)
            #expect(carousel == expected, "n = \(itemCount)")
        }
    }

    @Test(
        "10^5 laps (10^6 in make test-long) give the first lap's frames, the unwrapped offset as many laps on exactly"
    )
    func manyLaps() throws {
        let laps = TestLength.pick(100_000, long: 1_000_000)
        var carousel = try Carousel(configuration: .banner, items: makeItems(3))
        let pitch = carousel.configuration.pitch
        var time = 0.0
        let (firstLap, firstOffsets) = Self.lap(&carousel, pitch: pitch, time: &time)
        for _ in 1..<laps {
            for _ in 0..<3 { Self.stepForward(&carousel, pitch: pitch, time: &time) }
        }
        _ = carousel.takeFrame()
        let (lastLap, lastOffsets) = Self.lap(&carousel, pitch: pitch, time: &time)
        // The description prints every Double in its shortest round-trip form: equal text is equal bits.
        #expect(lastLap == firstLap)
        #expect(lastOffsets == firstOffsets.map { $0 + Double(laps) * 3 * pitch })
    }

    /// One lap of three items: each step's frame with its offset set aside (as text), and the offsets.
    static func lap(_ carousel: inout Carousel, pitch: Double, time: inout Double) -> ([String], [Double]) {
        var frames: [String] = []
        var offsets: [Double] = []
        for _ in 0..<3 {
            stepForward(&carousel, pitch: pitch, time: &time)
            var frame = carousel.takeFrame()
            offsets.append(frame.contentOffset)
            frame.contentOffset = 0
            frames.append("\(frame)")
        }
        return (frames, offsets)
    }

    @Test("between consecutive frames every visible item moves by the same delta, across the seam too")
    func rigidMotionAcrossSeam() {
        var harness = Harness(.banner, itemCount: 3)
        harness.send(.command(.go(to: 2, animated: false)))
        // Drag forward across the seam (2 -> 0) and back, in uneven steps.
        harness.pointer(.down, x: 600)
        let motionStart = harness.frames.count - 1
        var x = 600.0
        for step in 0..<160 {
            x += step < 80 ? -7.3 : 6.1
            harness.advance(milliseconds: 8)
            harness.pointer(.move, x: x)
        }
        harness.pointer(.up, x: x)
        harness.runUntilIdle()
        var crossedSeam = false
        let motion = harness.frames[motionStart...]
        for (previous, next) in zip(motion, motion.dropFirst()) {
            if previous.currentIndex == 2 && next.currentIndex == 0 { crossedSeam = true }
            // A recycled slot is off screen on both sides of its jump, so "visible in both frames"
            // picks exactly the items a person sees.
            let deltas = zip(previous.slots, next.slots)
                .filter { $0.itemIndex == $1.itemIndex && $0.itemIndex != nil && $0.isVisible && $1.isVisible }
                .map { $1.x - $0.x }
            #expect(!deltas.isEmpty)
            for delta in deltas { #expect(abs(delta - deltas[0]) < 1e-9) }
        }
        #expect(crossedSeam)
    }

    @Test("scale depends only on the continuous position")
    func scaleFollowsPosition() {
        var harness = Harness(.coverflow, itemCount: 3)
        harness.send(.command(.setAutoScroll(enabled: false)))
        harness.swipe(moving: -900, over: 200)
        harness.runUntilIdle()
        harness.send(.command(.go(to: 1, animated: true)))
        harness.runUntilIdle()
        let pitch = harness.pitch
        for frame in harness.frames {
            for slot in frame.slots {
                let expected = 1 - 0.2 * min(1, abs(slot.x - 20) / pitch)
                #expect(abs(slot.scale - expected) < 1e-12)
            }
        }
    }

    @Test("the frame's position stays within half a pitch in a loop")
    func positionBounded() {
        var harness = Harness(.paged, itemCount: 4)
        harness.swipe(moving: -2000, over: 400)
        harness.runUntilIdle()
        harness.send(.command(.go(to: 2, animated: true)))
        harness.runUntilIdle()
        #expect(harness.frames.allSatisfy { abs($0.position) <= harness.pitch / 2 })
    }
}
