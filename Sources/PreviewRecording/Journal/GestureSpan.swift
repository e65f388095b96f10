import CarouselCore

/// Where a session's latest gesture lies in its journal: from the step of its pointer `down` to
/// the step whose frame ended the motion it started, so "replay the last gesture" plays that
/// gesture alone and not the idle time (or auto-scroll) after it.
struct GestureSpan: Equatable {
    /// The journal index of the gesture's `down`.
    package let start: Int
    /// One past the journal index of the step whose frame ended the motion; `nil` while it goes on.
    private(set) var end: Int?
    /// A frame ended the motion; the step that sent it is recorded after the frame is built.
    private var isEnding = false
    /// Where the content was in the frame of the `down`.
    private let offsetAtDown: Double?
    /// The finger moved the content: without that, a `cancel` leaves nothing worth replaying (a
    /// touch the browser took for a page scroll, moving only across the carousel's axis).
    private(set) var hasMoved = false

    /// `offsetAtDown`: the content's offset in the frame the `down` sent.
    init(start: Int, offsetAtDown: Double? = nil) {
        self.start = start
        self.offsetAtDown = offsetAtDown
    }

    /// Notes a frame the session sent: once the finger has lifted, a `settled` (or a grab's
    /// `interrupted`) ends the gesture's motion.
    package mutating func sent(_ frame: Frame, fingerIsDown: Bool) {
        guard end == nil else { return }
        if fingerIsDown {
            if let offsetAtDown, frame.contentOffset != offsetAtDown { hasMoved = true }
            return
        }
        let ends = frame.events.contains { event in
            switch event {
            case .settled, .interrupted: true
            case .pageChanged, .autoScrolled: false
            }
        }
        if ends { isEnding = true }
    }

    /// The span ends before `step` at the latest: a later gesture began there.
    mutating func close(before step: Int) {
        guard end == nil else { return }
        end = step
        isEnding = false
    }

    /// After the journal recorded a step: the span closes behind the step that ended the motion.
    mutating func recorded(stepCount: Int) {
        guard isEnding else { return }
        end = stepCount
        isEnding = false
    }
}
