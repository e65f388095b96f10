import TestSupport
import Testing

@testable import CarouselCore

@Suite("Randomized gestures: thousands of drags, flicks, grabs, commands and reconfigurations")
struct RandomizedGestureTests {
    struct Run {
        var harness: Harness
        var checker: InvariantChecker
        var generator: SeededGenerator
        var operation = ""

        init(configuration: Configuration, seed: UInt64) {
            harness = Harness(configuration, itemCount: 6)
            checker = InvariantChecker(first: harness.last)
            generator = SeededGenerator(seed: seed)
        }

        /// Runs `body` and checks every frame it produced.
        mutating func step(
            _ name: String,
            isContinuous: Bool = true,
            _ body: (inout Harness, inout SeededGenerator) -> Void
        ) {
            operation = name
            let first = harness.frames.count
            body(&harness, &generator)
            for index in first..<harness.frames.count {
                checker.check(
                    harness.frames[index],
                    isContinuous: isContinuous || index > first,
                    configuration: harness.carousel.configuration,
                    context: "\(name) (frame \(index))"
                )
            }
            // Keep memory flat over long runs.
            if harness.frames.count > 2000 { harness.frames.removeFirst(harness.frames.count - 1) }
        }

        mutating func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        mutating func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    }

    static func randomConfiguration(_ generator: inout SeededGenerator) -> Configuration {
        let uniform = Configuration.presetNames.filter { Configuration.preset(named: $0)!.layout == .uniform }
        var configuration = Configuration.preset(named: uniform.randomElement(using: &generator)!)!
        if Bool.random(using: &generator) { configuration.spacing = Double(Int.random(in: 0...20, using: &generator)) }
        if Bool.random(using: &generator) { configuration.inset = Double(Int.random(in: 0...40, using: &generator)) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            configuration.itemLength = Double(Int.random(in: 150...343, using: &generator))
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { configuration.isLooping.toggle() }
        if Bool.random(using: &generator) {
            configuration.decelerationRate = [0.99, 0.998][Int.random(in: 0...1, using: &generator)]
        }
        if Bool.random(using: &generator) {
            configuration.maxItemsPerFlick = [1, 2, 3, 20].randomElement(using: &generator)!
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            configuration.alignment = Configuration.Alignment.allCases.randomElement(using: &generator)!
            // Short items, so that several fit and a page may hold more than one.
            configuration.itemLength = Double(Int.random(in: 60...170, using: &generator))
            configuration.itemsPerPage = Int.random(in: 1...configuration.itemsThatFit, using: &generator)
        }
        return configuration
    }

    @Test(
        "every invariant holds after every step",
        arguments: [
            ("banner", UInt64(1)), ("paged", 2), ("coverflow", 3), ("strip", 4),
        ]
    )
    func invariantsHold(preset: String, seed: UInt64) throws {
        var run = Run(configuration: Configuration.preset(named: preset)!, seed: seed)
        let idPool = (0..<12).map { CarouselItem(id: "pool-\($0)") }
        let steps = TestLength.pick(800, long: 1500)
        for _ in 0..<steps {
            switch run.random(0...99) {
            case 0..<30:
                // Up to 8000 pt/s: at 120 Hz a sample moves under half of the smallest pitch used here,
                // so a slot recycled between two frames is never mistaken for a moved one.
                let start = run.random(0.0...375), distance = run.random(-700.0...700)
                let duration = max(abs(distance) / 8, run.random(8.0...400))
                let pause = run.random(0...3) == 0 ? run.random(0.0...120) : 0
                run.step("swipe \(distance) over \(duration) ms, pause \(pause)") { harness, _ in
                    harness.press(at: start, moving: distance, over: duration)
                    if pause > 0 { harness.advance(milliseconds: pause) }
                    harness.pointer(.up, x: start + distance)
                }
            case 30..<45:
                let wait = run.random(4.0...300), distance = run.random(-300.0...300)
                run.step("grab after \(wait) ms") { harness, _ in
                    harness.advance(milliseconds: wait)
                    harness.press(at: 200, moving: distance, over: 48)
                    harness.pointer(.up, x: 200 + distance)
                }
            case 45..<55:
                let command: Command = [.next, .previous][run.random(0...1)]
                run.step("\(command)") { harness, _ in harness.send(.command(command)) }
            case 55..<62:
                let count = run.harness.carousel.items.count
                guard count > 0 else { continue }
                let index = run.random(0...(count - 1)), animated = run.random(0...2) > 0
                run.step("go to \(index) animated \(animated)", isContinuous: animated) { harness, _ in
                    harness.send(.command(.go(to: index, animated: animated)))
                }
            case 62..<80:
                let duration = run.random(4.0...1500)
                run.step("advance \(duration) ms") { harness, generator in
                    var left = duration
                    while left > 0 {
                        let slice = min(left, Double.random(in: 1...40, using: &generator))
                        harness.advance(milliseconds: slice)
                        left -= slice
                    }
                }
            case 80..<85:
                let configuration = Self.randomConfiguration(&run.generator)
                run.step("configure \(configuration)", isContinuous: false) { harness, _ in
                    harness.send(.configure(configuration))
                }
            case 85..<89:
                let items = Array(idPool.shuffled(using: &run.generator).prefix(run.random(0...9)))
                run.step("replace items (\(items.count))", isContinuous: false) { harness, _ in
                    harness.send(.replaceItems(items))
                }
            case 89..<92:
                let hidden = run.random(0...1) == 0
                run.step("hidden \(hidden)") { harness, _ in harness.send(.visibility(isHidden: hidden)) }
            case 92..<95:
                let enabled = run.random(0...1) == 0
                run.step("auto-scroll \(enabled)") { harness, _ in
                    harness.send(.command(.setAutoScroll(enabled: enabled)))
                }
            case 95..<97:
                run.step("cancel mid-drag") { harness, _ in
                    harness.press(moving: -150, over: 60)
                    harness.send(.pointer(PointerEvent(.cancel, x: 50, timestamp: harness.clientTime)))
                }
            default:
                // Invalid inputs throw and change nothing.
                let before = run.harness.carousel
                var broken = run.harness.carousel.configuration
                broken.spacing = -.infinity
                #expect(throws: CarouselError.self) { try run.harness.carousel.handle(.configure(broken)) }
                #expect(throws: CarouselError.self) {
                    try run.harness.carousel.handle(.pointer(PointerEvent(.down, x: .nan, timestamp: 0)))
                }
                #expect(run.harness.carousel == before)
            }
        }
        run.step("final settle") { harness, _ in harness.runUntilIdle() }
        print(
            "randomized \(preset): \(run.checker.framesChecked) frames, \(run.checker.motionsEnded) motions ended, "
                + "\(run.checker.recycles) slot recycles"
        )
        // Enough of the steps end a motion and recycle a slot that both are what the checks saw.
        #expect(run.checker.motionsEnded > steps / 5)
        #expect(run.checker.recycles > steps / 5)
    }
}
