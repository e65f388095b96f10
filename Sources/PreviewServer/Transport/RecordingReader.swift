import Foundation
import PreviewProtocol
import Synchronization

/// Reads the recordings viewers send for live replays on threads of their own: a recording at the
/// limits takes seconds to read, which the event loop must never spend (the hub lets two be read at
/// once). The loop is woken when one is read, and takes it with `takeFinished`.
final class RecordingReader: Sendable {
    private struct State {
        var finished: [RecordingReadOutcome] = []
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// What wakes the event loop when a recording has been read (safe from any thread).
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    func submit(_ read: RecordingRead) {
        let thread = Thread { [self] in
            let outcome = RecordingReadOutcome(read: read, result: read.read())
            let wake = state.withLock { state in
                state.finished.append(outcome)
                return state.wake
            }
            wake?()
        }
        thread.name = "carousel-preview.recording"
        thread.start()
    }

    /// The recordings read since the last call, oldest first.
    func takeFinished() -> [RecordingReadOutcome] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }
}
