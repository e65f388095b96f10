import Testing

@testable import CarouselCore

@Suite("Time: explicit, fixed-step, deterministic")
struct DeterminismTests {
    /// A script of inputs at given engine times (ms), long enough to exercise every phase.
    static let script: [(at: Int, input: Input)] = {
        var script: [(Int, Input)] = [(0, .command(.setAutoScroll(enabled: true)))]
        var time = 100
        for swipe in 0..<6 {
            let x = 300.0 - Double(swipe) * 7
            script.append((time, .pointer(PointerEvent(.down, x: x, timestamp: Double(time)))))
            for sample in 1...8 {
                let moved = x - Double(sample) * (swipe.isMultiple(of: 2) ? 23 : -19)
                script.append(
                    (time + sample * 8, .pointer(PointerEvent(.move, x: moved, timestamp: Double(time + sample * 8))))
                )
            }
            let end = x - 8 * (swipe.isMultiple(of: 2) ? 23 : -19)
            script.append((time + 70, .pointer(PointerEvent(.up, x: end, timestamp: Double(time + 70)))))
            script.append((time + 230, .command(.next)))
            time += 1700 + swipe * 333
        }
        script.append((time, .command(.go(to: 3, animated: true))))
        return script
    }()

    /// Runs the script, cutting time into the slices `slice` gives, and returns the frame at every
    /// input and every 100 ms.
    static func run(slicing slice: (Int) -> [Double]) throws -> [String] {
        var carousel = try Carousel(configuration: .coverflow, items: makeItems(7))
        var output: [String] = []
        var now = 0
        var index = 0
        let end = (script.last?.at ?? 0) + 5000
        while now < end {
            while index < script.count, script[index].at == now {
                try carousel.handle(script[index].input)
                index += 1
            }
            if now % 100 == 0 { output.append("\(now): \(carousel.takeFrame())") }
            for piece in slice(now) {
                carousel.advance(by: .nanoseconds(Int64((piece * 1_000_000).rounded())))
            }
            now += 1
        }
        return output
    }

    /// The FNV-1a hash of the script's frames as first computed. Every process seeds its hashing
    /// afresh, so running the script twice in one process could not catch an order taken from a
    /// `Set` or `Dictionary`; a fingerprint from another run can. A deliberate change to the motion
    /// changes it: check the new motion, then paste the value the failure prints. (Last changed when
    /// the engine took its own exp and log instead of libm's: a few velocities moved in the last bit.)
    static let fingerprint: UInt64 = 0x44a7_c62b_7476_666b

    @Test("same inputs and the same durations give the same bit-exact frames in every process, as committed")
    func reproducible() throws {
        let frames = try Self.run { _ in [1] }
        #expect(frames.count > 100)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in frames.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        #expect(hash == Self.fingerprint, "the frames' fingerprint is 0x\(String(hash, radix: 16))")
    }

    @Test("results do not depend on how the caller slices time")
    func slicingDoesNotMatter() throws {
        let wholeMilliseconds = try Self.run { _ in [1] }
        let quarters = try Self.run { _ in [0.25, 0.25, 0.25, 0.25] }
        let uneven = try Self.run { now in now % 3 == 0 ? [0.125, 0.875] : [0.5, 0.0, 0.5] }
        #expect(quarters == wholeMilliseconds)
        #expect(uneven == wholeMilliseconds)
    }

    @Test("the fixed step is at most 1/120 s and a long advance equals many short ones")
    func fixedStep() throws {
        #expect(StepClock.step <= .nanoseconds(8_333_333))
        var whole = try Carousel(configuration: .coverflow, items: makeItems(5))
        var pieces = whole
        whole.advance(by: .seconds(20))
        for _ in 0..<1000 { pieces.advance(by: .milliseconds(20)) }
        #expect("\(whole.takeFrame())" == "\(pieces.takeFrame())")
        var clock = StepClock()
        #expect(clock.take(.milliseconds(10)) == 2)
        #expect(clock.take(.milliseconds(10)) == 3)
        #expect(clock.take(.milliseconds(-50)) == 0)
    }

    @Test("the frame holds what a renderer needs: index, count, phase, position, slots, auto-scroll, events")
    func frameContents() {
        var harness = Harness(.coverflow, itemCount: 4)
        harness.swipe(moving: -120, over: 40)
        let frame = harness.last
        #expect(frame.itemCount == 4)
        #expect(frame.phase == .animating)
        #expect(frame.position > 0 && frame.position < harness.pitch / 2)
        #expect(frame.autoScroll.state == .paused && frame.autoScroll.pauseReasons == [.userMotion])
        #expect(frame.slots.count == 3)
        // Events are delivered once: the next frame has none of the previous frame's events.
        harness.runUntilIdle()
        let settles = harness.frames.filter { $0.events.contains(.settled(index: 1)) }
        #expect(settles.count == 1)
    }
}
