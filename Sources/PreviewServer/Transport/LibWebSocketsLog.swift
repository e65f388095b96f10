import Logging

/// Where lws's own log lines go: the logger of the server whose thread wrote them.
///
/// lws 4.1.6 has one process-wide log callback that gets no context, so a line cannot say which
/// server it came from. But lws logs on the thread that called into it, and each server calls lws
/// only on its own service thread (`lws_cancel_service` from other threads does not log). So the
/// transport binds its injected logger around its calls into lws; outside a task, Swift keeps a
/// task-local per thread. Several servers in one process (the tests) each keep their own lines.
enum LibWebSocketsLog {
    /// The logger of the service thread, and whether lws is creating its context: its errors then
    /// only repeat what `ServerError` reports in one clear line, so they go out at debug level.
    struct Sink: Sendable {
        let logger: Logger
        var isCreatingContext = false
    }

    @TaskLocal static var sink: Sink?

    /// Logs one line lws wrote; a line from a thread that bound no logger has nowhere to go.
    static func forward(_ line: String, isError: Bool) {
        guard let sink else { return }
        var text = Substring(line)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        if isError, !sink.isCreatingContext {
            sink.logger.error("\(text)", source: "libwebsockets")
        } else {
            sink.logger.debug("\(text)", source: "libwebsockets")
        }
    }
}
