import TestSupport
import Testing

@testable import CarouselCore

/// Random short gestures (a down and one to four moves, with timestamps that repeat, crawl, jump
/// or go backwards, moves of 0 pt to 300 pt, lifts at once or after a pause), on the uniform layout
/// and the card feed. A failure names its seed and gesture.
@Suite("Release velocity over random short gestures: finite, and the way the finger went")
struct ReleaseVelocityPropertyTests {
    /// One gesture: the moves as (ms since the previous sample, points along the axis), then the lift.
    struct Gesture: CustomStringConvertible {
        var moves: [(delay: Double, distance: Double)] = []
        var liftDelay = 0.0

        /// Whether no move goes against another: "the way the finger went" is then one way.
        var isOneWay: Bool { !(moves.contains { $0.distance > 0 } && moves.contains { $0.distance < 0 }) }
        /// The finger's net travel's sign (+1 toward higher coordinates, 0 if it never moved).
        var fingerDirection: Double {
            let net = moves.reduce(0) { $0 + $1.distance }
            return net > 0 ? 1 : net < 0 ? -1 : 0
        }
        /// Whether the last move alone must give a velocity: it moved, took time within the tracker's
        /// stop gap, and the finger lifted within it too. Whatever came before it (a coalesced or
        /// dropped sample) leaves the position it moved from as the sample before it.
        var mustHaveVelocity: Bool {
            guard let last = moves.last else { return false }
            return last.distance != 0 && last.delay > 0 && last.delay <= VelocityTracker.stopGap
                && liftDelay <= VelocityTracker.stopGap
        }

        var description: String {
            "moves \(moves.map { "(+\($0.delay) ms, \($0.distance) pt)" }.joined(separator: " ")), lift +\(liftDelay) ms"
        }

        init(_ generator: inout SeededGenerator, isOneWay: Bool) {
            let direction = Bool.random(using: &generator) ? 1.0 : -1.0
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let delay = [0, 0, 1e-9, 1e-3, 1, 4, 8, 8, 16, 33, 40, 41, 120, -3, 1e9].randomElement(
                    using: &generator
                )!
                let size = [0, 0.5, 5, 40, 100, 300].randomElement(using: &generator)!
                let sign = isOneWay || Bool.random(using: &generator) ? direction : -direction
                moves.append((delay, sign * size))
            }
            liftDelay = [0, 0, 4, 8, 40, 41].randomElement(using: &generator)!
        }
    }

    static let seeds: [UInt64] = [0x5EED_D0A1, 0x5EED_D0A2]
    static let gesturesPerSeed = 1500

    /// Plays `gesture` from `start` along the layout's axis through `send`, from the client's time
    /// 1000 ms, returning the release frame's velocity (the content's: positive toward later items,
    /// against the finger). The gesture's delays become those the timestamps realized: 1e-9 ms
    /// after a jump of 1e9 ms rounds to no time at all.
    static func play(
        _ gesture: inout Gesture,
        from start: Double,
        send: (PointerEvent.Kind, Double, Double) -> Frame
    ) -> Double {
        var time = 1000.0
        var coordinate = start
        _ = send(.down, coordinate, time)
        for index in gesture.moves.indices {
            let previous = time
            time += gesture.moves[index].delay
            gesture.moves[index].delay = time - previous
            coordinate += gesture.moves[index].distance
            _ = send(.move, coordinate, time)
        }
        time += gesture.liftDelay
        return send(.up, coordinate, time).velocity
    }

    /// Checks one release; returns a failure's description.
    static func check(_ gesture: Gesture, velocity: Double) -> String? {
        guard velocity.isFinite, abs(velocity) <= Scroller.maximumReleaseVelocity else {
            return "velocity \(velocity) is not finite or beyond the believed maximum"
        }
        guard gesture.isOneWay else { return nil }
        // The content moves against the finger.
        if velocity * gesture.fingerDirection > 0 { return "velocity \(velocity) points against the finger's motion" }
        if gesture.mustHaveVelocity && velocity == 0 { return "velocity 0 although the last move was a motion" }
        return nil
    }

    @Test("the uniform layout and the card feed: every release finite, one-way gestures released their way")
    func randomShortGestures() {
        for seed in Self.seeds {
            print("ReleaseVelocityPropertyTests: seed \(seed)")
            var generator = SeededGenerator(seed: seed)
            var banner = Harness(.banner, itemCount: 6)
            var feed = FeedHarness(lengths: [nil, 900, nil, 1400, nil, nil])
            var failures = 0
            for index in 0..<Self.gesturesPerSeed {
                var gesture = Gesture(&generator, isOneWay: index % 4 != 0)
                let isFeed = index.isMultiple(of: 2)
                let velocity: Double
                if isFeed {
                    velocity = Self.play(&gesture, from: 400) { kind, y, t in
                        _ = try! feed.feed.handle(.pointer(PointerEvent(kind, x: 100, y: y, timestamp: t)))
                        return feed.feed.takeFrame()
                    }
                    feed.feed.advance(by: .milliseconds(Int64.random(in: 0...300, using: &generator)))
                } else {
                    velocity = Self.play(&gesture, from: 300) { kind, x, t in
                        _ = try! banner.carousel.handle(.pointer(PointerEvent(kind, x: x, timestamp: t)))
                        return banner.carousel.takeFrame()
                    }
                    banner.carousel.advance(by: .milliseconds(Int64.random(in: 0...300, using: &generator)))
                }
                if let failure = Self.check(gesture, velocity: velocity) {
                    Issue.record(
                        "seed \(seed) gesture \(index) (\(isFeed ? "card feed" : "banner")): \(gesture): \(failure)"
                    )
                    failures += 1
                    if failures >= 5 { break }
                }
            }
        }
    }
}
