/// What libwebsockets waits on between turns.
public enum ServerEventLoop: String, Sendable, CaseIterable {
    /// libev on epoll (Debian's evlib_ev plugin): a wake costs the sockets that are ready, so ten
    /// thousand quiet watchers cost nothing between their messages. The default.
    case epoll
    /// lws's own `poll()`: every wake hands the kernel every socket. Kept to measure one against the
    /// other (`make bench`'s watch curve) and as a way round a plugin that will not load.
    case poll
}
