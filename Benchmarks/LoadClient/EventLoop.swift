import CBenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// A level-triggered epoll set: one thread watches thousands of sockets, so a load of 5,000 viewers
/// costs one process and no thread per connection.
final class EventLoop {
    private let descriptor: Int32
    private var events = [epoll_event](repeating: epoll_event(), count: 1024)

    init() {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(descriptor >= 0, "epoll_create1 failed: errno \(errno)")
    }

    deinit {
        close(descriptor)
    }

    /// Watches `socket` for input; `token` comes back with each readiness.
    func watch(_ socket: Int32, token: Int) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.u64 = UInt64(token)
        precondition(epoll_ctl(descriptor, EPOLL_CTL_ADD, socket, &event) == 0, "epoll_ctl failed: errno \(errno)")
    }

    func forget(_ socket: Int32) {
        epoll_ctl(descriptor, EPOLL_CTL_DEL, socket, nil)
    }

    /// Waits up to `milliseconds` and calls `ready` with each readable socket's token.
    func poll(milliseconds: Int32, _ ready: (Int) -> Void) {
        let count = events.withUnsafeMutableBufferPointer {
            epoll_wait(descriptor, $0.baseAddress, Int32($0.count), milliseconds)
        }
        guard count > 0 else { return }
        for index in 0..<Int(count) { ready(Int(events[index].data.u64)) }
    }
}
