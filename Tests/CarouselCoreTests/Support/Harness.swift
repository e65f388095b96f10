@testable import CarouselCore

/// Items named `item-0`, `item-1`, ...
func makeItems(_ count: Int, prefix: String = "item") -> [CarouselItem] {
    (0..<count).map { CarouselItem(id: "\(prefix)-\($0)") }
}

/// Drives a carousel the way a client would: pointer events stamped by a client clock that
/// moves in step with the engine's time, and frames taken after every change.
struct Harness {
    var carousel: Carousel
    /// The client's clock, in ms.
    var clientTime = 1000.0
    /// Every frame taken so far.
    var frames: [Frame] = []

    init(_ configuration: Configuration = .banner, itemCount: Int = 5) {
        carousel = try! Carousel(configuration: configuration, items: makeItems(itemCount))
        frames.append(carousel.takeFrame())
    }

    var pitch: Double { carousel.configuration.pitch }
    var last: Frame { frames[frames.count - 1] }

    /// Sends an input that must be valid, then takes a frame.
    @discardableResult
    mutating func send(_ input: Input) -> InputResult {
        let result = try! carousel.handle(input)
        frames.append(carousel.takeFrame())
        return result
    }

    @discardableResult
    mutating func pointer(_ kind: PointerEvent.Kind, x: Double, pointerID: Int = 0) -> InputResult {
        send(.pointer(PointerEvent(kind, pointerID: pointerID, x: x, timestamp: clientTime)))
    }

    @discardableResult
    mutating func wheel(dx: Double = 0, dy: Double = 0) -> InputResult {
        send(.wheel(WheelEvent(deltaX: dx, deltaY: dy, timestamp: clientTime)))
    }

    /// Lets `milliseconds` pass on both clocks, taking a frame every 4 ms (and at the end), as a
    /// renderer polling faster than any display would.
    mutating func advance(milliseconds: Double) {
        var left = milliseconds
        repeat {
            let slice = min(left, 4)
            clientTime += slice
            carousel.advance(by: .microseconds(Int64((slice * 1000).rounded())))
            frames.append(carousel.takeFrame())
            left -= slice
        } while left > 0
    }

    /// A finger that goes down at `startX` and moves by `distance` points over `duration` ms at a
    /// steady speed, sampled at 120 Hz. It stays down.
    mutating func press(at startX: Double = 200, moving distance: Double, over duration: Double) {
        pointer(.down, x: startX)
        let sampleCount = max(1, Int((duration / (1000.0 / 120)).rounded()))
        for sample in 1...sampleCount {
            advance(milliseconds: duration / Double(sampleCount))
            pointer(.move, x: startX + distance * Double(sample) / Double(sampleCount))
        }
    }

    /// A full swipe: press, move, lift immediately (so the release keeps its velocity).
    mutating func swipe(at startX: Double = 200, moving distance: Double, over duration: Double) {
        press(at: startX, moving: distance, over: duration)
        pointer(.up, x: startX + distance)
    }

    /// Advances in 4 ms steps until the carousel is idle; returns the frames of the wait.
    @discardableResult
    mutating func runUntilIdle(limit: Double = 10_000) -> ArraySlice<Frame> {
        let first = frames.count
        var waited = 0.0
        while carousel.phase != .idle, waited < limit {
            advance(milliseconds: 4)
            waited += 4
        }
        return frames[first...]
    }

    /// All events of all frames so far.
    var events: [CarouselEvent] { frames.flatMap(\.events) }
}

extension SlotFrame {
    /// Whether any of the slot overlaps a 375 pt wide viewport.
    var isVisible: Bool { itemIndex != nil && x + width > 0 && x < 375 }
}

extension Frame {
    /// The slot showing `item` whose on-screen position is nearest the snap point.
    func slot(showing item: Int) -> SlotFrame? {
        slots.filter { $0.itemIndex == item }.min { abs($0.x) < abs($1.x) }
    }

    /// The slot whose leading edge is exactly at the inset (the centred one at rest).
    func slot(atX x: Double) -> SlotFrame? {
        slots.first { $0.x == x }
    }
}
