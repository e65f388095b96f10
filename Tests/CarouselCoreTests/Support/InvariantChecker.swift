import Testing

@testable import CarouselCore

/// Checks, frame by frame, the invariants every sequence of inputs must keep.
struct InvariantChecker {
    private var previous: Frame?
    private var isMotionOpen = false
    private var currentIndex = 0
    private(set) var framesChecked = 0
    private(set) var motionsEnded = 0
    private(set) var recycles = 0

    init(first frame: Frame) {
        previous = frame
        currentIndex = frame.currentIndex
        isMotionOpen = frame.phase != .idle
    }

    /// - Parameter isContinuous: false when the input that produced `frame` may jump (a data or
    ///   configuration change, a jump without animation), so rigid motion does not apply.
    /// - Parameter mayBeginMotions: true when time alone may begin a motion that ends before the
    ///   frame (a wheel's lone notch released when its stream falls quiet), so a `settled` may come
    ///   without a motion any frame showed.
    mutating func check(
        _ frame: Frame,
        isContinuous: Bool,
        mayBeginMotions: Bool = false,
        configuration: Configuration,
        context: String
    ) {
        framesChecked += 1
        guard let previous else { return }
        defer { self.previous = frame }
        let pitch = configuration.pitch
        let expectedSlots = SlotRing(configuration: configuration).count
        #expect(frame.slots.count == expectedSlots, "slot count, \(context)")
        #expect(frame.slots.map(\.id) == Array(0..<frame.slots.count), "slot ids, \(context)")

        checkEvents(frame, previous: previous, mayBeginMotions: mayBeginMotions, context: context)
        checkMotion(frame, configuration: configuration, context: context)

        // Idle only exactly at a snap point; with free scroll, anywhere within the ends.
        if frame.phase == .idle {
            if configuration.scrollsFreely {
                #expect(Self.isWithinEnds(frame, configuration), "idle past an end by \(frame.position), \(context)")
            } else {
                #expect(
                    Self.isSnapPoint(frame, configuration),
                    "idle off the snap point by \(frame.position), \(context)"
                )
            }
            if frame.itemCount > 0 {
                #expect(
                    // A short loop may show an item in two slots: one of them is on the snap line.
                    frame.slots.contains {
                        $0.itemIndex == frame.currentIndex
                            && abs($0.x - (ReferenceGeometry.snapLine(configuration) - frame.position)) < 1e-9
                    },
                    "current slot, \(context)"
                )
            }
        }
        if configuration.isLooping && frame.itemCount >= 2 {
            #expect(abs(frame.position) <= pitch / 2, "loop position \(frame.position), \(context)")
        }
        if frame.itemCount > 0 {
            #expect(frame.slot(showing: frame.currentIndex) != nil, "current item has a slot, \(context)")
        }

        guard isContinuous, frame.slots.count == previous.slots.count, frame.itemCount == previous.itemCount else {
            return
        }
        // Rigid motion: every item visible in both frames in the same slot moves by one delta.
        // A loop of fewer items than slots (short items) shows an item twice, a lap apart: a slot
        // recycled to the other side may show the same item again, a lap away, and is not kept.
        let lap = configuration.isLooping ? Double(frame.itemCount) * pitch : .infinity
        let kept = zip(previous.slots, frame.slots).filter {
            $0.itemIndex != nil && $0.itemIndex == $1.itemIndex && $0.isVisible && $1.isVisible
                && abs($1.x - $0.x) < lap / 2
        }
        let deltas = kept.map { $1.x - $0.x }
        // A frame moves less than half a pitch here, so something visible stays in its slot.
        if frame.itemCount > 0 {
            #expect(!deltas.isEmpty, "no visible item kept its slot, \(context)")
        }
        for delta in deltas {
            #expect(abs(delta - deltas[0]) < 1e-6, "rigid motion broken: \(deltas), \(context)")
        }
        // At most one recycle per pitch crossed.
        let recycled = zip(previous.slots, frame.slots).filter { $0.itemIndex != $1.itemIndex }.count
        recycles += recycled
        if let delta = deltas.first {
            let before = previous.position
            let after = before - delta
            let crossed = abs(Int((after / pitch + 0.5).rounded(.down)) - Int((before / pitch + 0.5).rounded(.down)))
            #expect(recycled <= crossed, "\(recycled) recycles for \(crossed) pitches crossed, \(context)")
        }
    }

    /// Whether free scroll's `frame` rests inside the ends: within half a pitch of its current item
    /// in a loop, between a finite strip's first and last snap points otherwise.
    static func isWithinEnds(_ frame: Frame, _ configuration: Configuration) -> Bool {
        guard !configuration.isLooping || frame.itemCount < 2 else {
            return abs(frame.position) <= configuration.pitch / 2
        }
        let absolute = Double(frame.currentIndex) * configuration.pitch + frame.position
        let rests = ReferenceGeometry.finiteSnapPoints(configuration, count: frame.itemCount)
        return absolute >= rests[0] - 1e-9 && absolute <= rests[rests.count - 1] + 1e-9
    }

    /// Whether `frame` shows the content on a snap point, computed from the configuration alone: in
    /// a loop the first item of a page exactly; in a finite strip one of the rests the reference
    /// finds by brute force (a page's start, or an end where the content meets an inset).
    static func isSnapPoint(_ frame: Frame, _ configuration: Configuration) -> Bool {
        if configuration.isLooping && frame.itemCount >= 2 {
            return frame.position == 0 && ReferenceGeometry.startsPage(frame.currentIndex, configuration)
        }
        let absolute = Double(frame.currentIndex) * configuration.pitch + frame.position
        return ReferenceGeometry.finiteSnapPoints(configuration, count: frame.itemCount).contains {
            abs(absolute - $0) <= 1e-9 * max(1, abs($0))
        }
    }

    /// The motion a timeline plots: a target exactly while animating, no velocity at rest, and a
    /// content offset that is the current item's place on the unwrapped axis plus `position`.
    private func checkMotion(_ frame: Frame, configuration: Configuration, context: String) {
        #expect((frame.target != nil) == (frame.phase == .animating), "target in \(frame.phase), \(context)")
        if frame.phase == .idle {
            #expect(frame.velocity == 0, "velocity \(frame.velocity) at rest, \(context)")
        }
        guard frame.itemCount > 0 else { return }
        let pitch = configuration.pitch
        let items = (frame.contentOffset - frame.position) / pitch
        let tolerance = 1e-9 * max(1, abs(frame.contentOffset) / pitch)
        #expect(abs(items - items.rounded()) <= tolerance, "offset \(frame.contentOffset) off the grid, \(context)")
        let wholeItems = Int(items.rounded())
        let expected =
            configuration.isLooping && frame.itemCount >= 2
            ? ((wholeItems % frame.itemCount) + frame.itemCount) % frame.itemCount : wholeItems
        #expect(expected == frame.currentIndex, "offset \(frame.contentOffset) is item \(expected), \(context)")
        if let target = frame.target {
            let targetItems = Int((target.contentOffset / pitch).rounded())
            let expectedTarget =
                configuration.isLooping && frame.itemCount >= 2
                ? ((targetItems % frame.itemCount) + frame.itemCount) % frame.itemCount : targetItems
            #expect(
                // A finite strip may rest before its first item's snap point (aligned to its end or
                // centred, with items that all fit): the target is still its first item.
                configuration.isLooping ? expectedTarget == target.index : target.index <= max(0, expectedTarget),
                "target \(target), \(context)"
            )
        }
    }

    /// One `settled` or `interrupted` per motion, and a `pageChanged` for every change of index.
    private mutating func checkEvents(_ frame: Frame, previous: Frame, mayBeginMotions: Bool, context: String) {
        for event in frame.events {
            switch event {
            case .settled:
                #expect(isMotionOpen || mayBeginMotions, "settled without a motion, \(context)")
                isMotionOpen = false
                motionsEnded += 1
            case .interrupted:
                #expect(isMotionOpen && previous.phase == .animating, "interrupted without an animation, \(context)")
                motionsEnded += 1
                isMotionOpen = true
            case .autoScrolled(let index):
                #expect(!isMotionOpen && index == currentIndex, "autoScrolled during a motion, \(context)")
            case .pageChanged(let index, let previousIndex):
                #expect(
                    previousIndex == currentIndex,
                    "pageChanged from \(previousIndex), was \(currentIndex), \(context)"
                )
                #expect(index != previousIndex, "pageChanged to the same index, \(context)")
                currentIndex = index
            }
        }
        #expect(currentIndex == frame.currentIndex, "index changed without pageChanged, \(context)")
        if frame.phase == .idle {
            #expect(!isMotionOpen, "a motion ended without settled, \(context)")
        } else {
            isMotionOpen = true
        }
    }
}
