import Logging
import Synchronization

/// The lws context as other threads see it: a stop may be requested from any thread (a signal
/// handler's), but only `lws_cancel_service` is safe off the service thread, and only while the
/// context lives. The address is published once created and withdrawn, under the lock, before the
/// context is destroyed, so a late stop never touches freed memory.
final class SharedContext: Sendable {
    /// lws keeps process-wide state (logging, platform setup): contexts are made and destroyed one
    /// at a time, in case several servers share a process (the tests run many in parallel).
    private static let lifecycle = Mutex<Void>(())

    /// The context's address (`OpaquePointer` is not `Sendable`); 0 when there is none.
    private let address = Mutex<UInt>(0)
    private let stopFlag = Atomic<Bool>(false)

    /// Whether `requestStop` has been called.
    var isStopRequested: Bool { stopFlag.load(ordering: .sequentiallyConsistent) }

    /// Creates a context with `create`, one at a time across the process, and publishes it. lws's
    /// errors meanwhile go to `logger` at debug level: they only repeat what `ServerError` says.
    func create(logger: Logger, _ create: () -> OpaquePointer?) -> OpaquePointer? {
        let sink = LibWebSocketsLog.Sink(logger: logger, isCreatingContext: true)
        let created = Self.lifecycle.withLock { _ in
            LibWebSocketsLog.$sink.withValue(sink) { UInt(bitPattern: Int(bitPattern: create())) }
        }
        address.withLock { $0 = created }
        return OpaquePointer(bitPattern: created)
    }

    /// Withdraws the context from other threads, then destroys it with `destroy`.
    func destroy(_ context: OpaquePointer, _ destroy: (OpaquePointer) -> Void) {
        address.withLock { $0 = 0 }
        let doomed = UInt(bitPattern: Int(bitPattern: context))
        Self.lifecycle.withLock { _ in
            if let context = OpaquePointer(bitPattern: doomed) { destroy(context) }
        }
    }

    /// Safe from any thread: wakes the service thread with `cancel` if a context is live.
    func wake(_ cancel: (OpaquePointer) -> Void) {
        address.withLock { address in
            if let context = OpaquePointer(bitPattern: address) { cancel(context) }
        }
    }

    /// Safe from any thread: notes the stop, then wakes the service thread with `cancel` if a
    /// context is live.
    func requestStop(_ cancel: (OpaquePointer) -> Void) {
        stopFlag.store(true, ordering: .sequentiallyConsistent)
        address.withLock { address in
            if let context = OpaquePointer(bitPattern: address) { cancel(context) }
        }
    }
}
