import Foundation
import PreviewProtocol
import Synchronization

/// Work the event loop must never spend, done on threads of their own: reading a recording sent for
/// a replay (seconds at the limits) and judging an uploaded image (an SVG's parse and allow-list,
/// tens of milliseconds for a large one). The hub bounds how many run at once; the loop is woken
/// when one is done, and takes the results with `takeFinished`.
final class BackgroundWork: Sendable {
    /// What a piece of work came to, for the hub.
    enum Finished: Sendable {
        case recording(RecordingReadOutcome)
        case image(ImageCheckOutcome)
    }

    private struct State {
        var finished: [Finished] = []
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// What wakes the event loop when work is done (safe from any thread).
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// Runs `work` on a thread of its own.
    func submit(_ work: @escaping @Sendable () -> Finished) {
        let thread = Thread { [self] in
            let done = work()
            let wake = state.withLock { state in
                state.finished.append(done)
                return state.wake
            }
            wake?()
        }
        thread.name = "carousel-preview.background"
        thread.start()
    }

    /// The work done since the last call, oldest first.
    func takeFinished() -> [Finished] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }
}
