import CLibWebSockets
import Logging
import PreviewProtocol
import Synchronization

/// The one file that talks to libwebsockets: it owns the lws context and its event-loop thread, serves `public/`
/// over HTTP, and turns WebSocket traffic on `/ws` into calls on the pure `PreviewHub`, performing the actions it
/// returns. Everything except `requestStop` runs on the service thread, so the hub and the sessions need no locks.
final class LibWebSocketsTransport: @unchecked Sendable {
    private let options: ServerOptions
    private let logger: Logger
    /// What the loop decides; this file only reads the clock and talks to lws.
    fileprivate var loop: ServiceLoop<OpaquePointer>
    /// Given with the context: the HTTP answers and the upgrade checks.
    private var requests: RequestHandler?
    private let epoch = ContinuousClock.now
    private let shared = SharedContext()
    /// Sessions alive, published after every loop call for readers on other threads.
    let sessionCount = Atomic<Int>(0)
    private let outgoing = OutgoingBuffer(headroom: cp_lws_pre())

    // lws keeps pointers to all of these for the context's lifetime.
    private var context: OpaquePointer?
    private let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
    /// What lws waits on (`ServerEventLoop`) and the one timer.
    private let events = UnsafeMutablePointer<cp_event_loop>.allocate(capacity: 1)
    private let cStrings = CStringStore()
    /// The in-memory bodies being written, a part each time their socket drains.
    private var pendingBodies = PendingBodies<OpaquePointer>()
    /// Where a request's headers are copied out, one at a time (a header is at most 16 KiB).
    private var headerScratch = [CChar](repeating: 0, count: 16 * 1024 + 1)

    init(options: ServerOptions, loop: ServiceLoop<OpaquePointer>, logger: Logger) {
        self.options = options
        self.loop = loop
        self.logger = logger
    }

    deinit {
        protocols.deallocate()
        events.deallocate()
    }

    /// Creates the context and binds; returns the port actually listened on.
    func createContext(requests: RequestHandler) throws(ServerError) -> Int {
        cp_set_log_sink(forwardLibWebSocketsLog)
        self.requests = requests
        let (name, iface) = (cStrings.keep("carousel-preview"), cStrings.keep(options.host))
        let owner = Unmanaged.passUnretained(self).toOpaque()
        cp_set_up_protocols(protocols, name, serviceCallback)
        // The loop's pings and hang-ups of silent peers run on this timer (lws's own are off: cp_set_up_context).
        cp_event_loop_init(events, owner, options.eventLoop == .epoll ? 1 : 0)
        var info = lws_context_creation_info()
        cp_set_up_context(&info, Int32(options.port), iface, protocols, name, owner, events)
        context = shared.create(logger: logger) { cp_create_context(&info, events) }
        guard let context, let vhost = lws_get_vhost_by_name(context, "default") else {
            throw ServerError.cannotListen(host: options.host, port: options.port)
        }
        scheduleTick()
        return Int(lws_get_vhost_listen_port(vhost))
    }

    /// Serves until a stop is requested and every WebSocket has been closed with 1001.
    func run() {
        guard let context else { return }
        LibWebSocketsLog.$sink.withValue(LibWebSocketsLog.Sink(logger: logger)) {
            while !loop.shouldExit {
                cp_event_loop_turn(events)
                loop.turnEnded(at: now)
            }
            shared.destroy(context) { _ in cp_destroy_context(events) }
        }
        self.context = nil
    }

    /// Safe from any thread: asks the loop to close every WebSocket with 1001 and exit.
    func requestStop() { shared.requestStop { lws_cancel_service($0) } }
    /// Safe from any thread: wakes the loop to collect what other threads finished (renders).
    func wake() { shared.wake { lws_cancel_service($0) } }

    // MARK: - Callbacks and their answers (service thread)

    fileprivate func handle(
        _ socket: OpaquePointer?,
        _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?,
        _ length: Int
    ) -> Int32 {
        let began = now
        defer { loop.worked(from: began, to: now) }
        switch reason {
        case LWS_CALLBACK_HTTP:
            guard let socket, let input else { return -1 }
            let request = read(socket, path: String(cString: input.assumingMemoryBound(to: CChar.self)))
            guard let response = requests?.answer(request, loop: loop.httpState) else { return -1 }
            return send(response, on: socket)
        case LWS_CALLBACK_HTTP_WRITEABLE where socket.map(pendingBodies.isWriting) == true:
            return writeBodyPart(on: socket!)
        case LWS_CALLBACK_CLOSED_HTTP:
            if let socket { pendingBodies.forget(socket) }
            return lws_callback_http_dummy(socket, reason, user, input, length)
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            // Stopping, the socket is dropped: a proxy in front then tries another worker.
            guard let socket, !loop.isStopping else { return 1 }
            let request = read(socket, path: header(socket, WSI_TOKEN_GET_URI) ?? "")
            guard let refusal = requests?.refusal(ofUpgrade: request) else { return 0 }
            // An answer, not a drop, which a proxy in front (nginx) takes for a dead worker. lws puts the
            // text in its HTML page as it is: escaped here, since a malformed Host is quoted in it.
            lws_return_http_status(socket, UInt32(refusal.status), refusal.reason.xmlEscaped)
            return 1
        case LWS_CALLBACK_ESTABLISHED:
            guard let socket, let user else { return -1 }
            let (query, address) = (HTTPRequest.sessionQuery(queryPairs(socket)), peerQuotaKey(socket))
            let (id, effects) = loop.open(socket, query: query, address: address, now: now)
            user.storeBytes(of: id, as: Int.self)
            perform(effects)
        case LWS_CALLBACK_RECEIVE:
            guard let socket, let id = user?.load(as: Int.self) else { return -1 }
            let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            let (isFirst, isBinary) = (lws_is_first_fragment(socket) != 0, lws_frame_is_binary(socket) != 0)
            let isLast = lws_is_final_fragment(socket) != 0 && lws_remaining_packet_payload(socket) == 0
            switch loop.receive(id, bytes, isFirst: isFirst, isBinary: isBinary, isLast: isLast, now: now) {
            case .effects(let effects): perform(effects)
            case .refuse(let code, let reason): return close(socket, code: code, reason: reason)
            }
        case LWS_CALLBACK_RECEIVE_PONG:
            guard let id = user?.load(as: Int.self) else { return -1 }
            loop.pong(id, now: now)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let socket, let id = user?.load(as: Int.self) else { return -1 }
            return write(socket, id: id)
        case LWS_CALLBACK_CLOSED:
            guard let id = user?.load(as: Int.self) else { return 0 }
            perform(loop.closed(id, now: now))
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            perform(loop.collectFinishedWork(now: now))
            if shared.isStopRequested { perform(loop.stop(now: now)) }
        default:
            return lws_callback_http_dummy(socket, reason, user, input, length)
        }
        return 0
    }

    /// Writes exactly one thing the loop hands out; lws holds the next writable callback until it has gone out.
    private func write(_ socket: OpaquePointer, id: Int) -> Int32 {
        let (bytes, kind): ((start: UnsafeMutablePointer<UInt8>, count: Int), lws_write_protocol)
        switch loop.writable(id) {
        case nil: return 0
        case .close(let code, let reason)?: return close(socket, code: code, reason: reason)
        // lws 4.1.6 calls RECEIVE_PONG only for a pong with a payload, so the ping carries one.
        case .ping?: (bytes, kind) = (outgoing.payload("pppp"), LWS_WRITE_PING)
        case .message(let message)?: (bytes, kind) = (outgoing.payload(message.text), LWS_WRITE_TEXT)
        }
        guard lws_write(socket, bytes.start, bytes.count, kind) >= bytes.count else { return -1 }
        if loop.hasPendingWrite(id) { lws_callback_on_writable(socket) }
        return 0
    }

    /// Writes a response: a file lws streams, or its head at once and a body from memory part by part.
    private func send(_ response: HTTPResponse, on socket: OpaquePointer) -> Int32 {
        let (extra, extraBytes) = (response.headerLines, response.headerLines.utf8.count)
        guard let (body, contentType) = response.bodyInMemory else {
            guard case .file(let path, let contentType) = response.content else { return -1 }
            // lws copies the extra header lines in; with none, it copies nothing.
            let sent = lws_serve_http_file(socket, path, contentType, extra, Int32(extraBytes))
            return sent < 0 ? -1 : sent > 0 ? completed(socket) : 0
        }
        guard !pendingBodies.isFull else {
            lws_return_http_status(socket, 503, "too many answers under way; try again")
            return completed(socket)
        }
        let (status, length, size) = (UInt32(response.status), lws_filepos_t(body.count), 2048 + extraBytes)
        let head = cp_write_http_head(socket, status, contentType, length, extra, outgoing.space(size), size)
        guard head == 0 else { return -1 }
        if response.omitsBody || body.isEmpty { return completed(socket) }
        pendingBodies.start(body, on: socket)
        return writeBodyPart(on: socket)
    }

    /// The next part of a pending body; the last one completes the answer.
    private func writeBodyPart(on socket: OpaquePointer) -> Int32 {
        guard let (part, isLast) = pendingBodies.nextPart(for: socket) else { return 0 }
        let start = outgoing.space(part.count)
        part.withUnsafeBufferPointer { start.update(from: $0.baseAddress!, count: part.count) }
        guard lws_write(socket, start, part.count, isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) >= part.count else {
            pendingBodies.forget(socket)
            return -1
        }
        if isLast { return completed(socket) }
        lws_callback_on_writable(socket)
        return 0
    }

    /// An HTTP answer is written: the connection waits for the next request (or closes: -1).
    private func completed(_ socket: OpaquePointer) -> Int32 {
        lws_http_transaction_completed(socket) != 0 ? -1 : 0
    }

    /// Closes with `code` and `reason` (cut to fit a close frame); returns what tells lws to close now.
    private func close(_ socket: OpaquePointer, code: UInt16, reason: String) -> Int32 {
        var bytes = Array(reason.utf8.prefix(120))
        lws_close_reason(socket, lws_close_status(rawValue: UInt32(code)), &bytes, bytes.count)
        return -1
    }

    /// Sets the one timer to the loop's next wake, or cancels it: an idle server sleeps until a socket wakes it.
    private func scheduleTick() {
        let current = now
        let delay = loop.nextWake(now: current).map { max(.zero, $0 - current).microsecondsRoundedUp } ?? -1
        cp_event_loop_set_tick(events, tickCallback, lws_usec_t(delay))
    }

    /// Performs what the loop asked, then sets the timer to its next wake.
    fileprivate func perform(_ effects: [ServiceLoop<OpaquePointer>.Effect]) {
        sessionCount.store(loop.sessionCount, ordering: .relaxed)
        for effect in effects {
            switch effect {
            case .requestWrite(let socket): lws_callback_on_writable(socket)
            // Asynchronously, so the socket is not freed under the tick that found it dead.
            case .drop(let socket): lws_set_timeout(socket, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            }
        }
        scheduleTick()
        if loop.shouldExit, let context { lws_cancel_service(context) }
    }

    fileprivate var now: Duration { ContinuousClock.now - epoch }

    /// A header, or with `fragment` one name=value of the query (percent-decoded by lws), copied out
    /// whole: the request's headers, the URL with them, are bounded by `max_http_header_data` (16 KiB).
    private func header(_ socket: OpaquePointer, _ token: lws_token_indexes, fragment: Int = -1) -> String? {
        let size = Int32(headerScratch.count)
        guard cp_copy_header(socket, token, Int32(fragment), &headerScratch, size) >= 0 else { return nil }
        return String(copiedFrom: headerScratch)
    }

    /// The URL's query, in order, at most 32 pairs.
    private func queryPairs(_ socket: OpaquePointer) -> [(name: String, value: String)] {
        HTTPRequest.query(maximumCount: 32) { header(socket, WSI_TOKEN_HTTP_URI_ARGS, fragment: $0) }
    }

    /// The peer's address (read without a DNS lookup) as its per-address quota counts it.
    private func peerQuotaKey(_ socket: OpaquePointer) -> String? {
        guard lws_get_peer_simple(socket, &headerScratch, 64) != nil else { return nil }
        return IPAddress.quotaKey(ofPeer: String(copiedFrom: headerScratch))
    }

    /// What the server's decisions read of a request, copied out of lws's header table.
    private func read(_ socket: OpaquePointer, path: String) -> HTTPRequest {
        HTTPRequest(
            path: path,
            host: header(socket, WSI_TOKEN_HOST),
            origin: header(socket, WSI_TOKEN_ORIGIN),
            query: queryPairs(socket),
            cookies: header(socket, WSI_TOKEN_HTTP_COOKIE),
            authorization: header(socket, WSI_TOKEN_HTTP_AUTHORIZATION),
            isHead: lws_hdr_total_length(socket, WSI_TOKEN_HEAD_URI) > 0
        )
    }
}

// MARK: - C entry points: no captures, the owner comes back through lws.

private func serviceCallback(
    _ socket: OpaquePointer?,
    _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let socket, let context = lws_get_context(socket), let owner = lws_context_user(context) else {
        return lws_callback_http_dummy(socket, reason, user, input, length)
    }
    let transport = Unmanaged<LibWebSocketsTransport>.fromOpaque(owner).takeUnretainedValue()
    return transport.handle(socket, reason, user, input, length)
}

private func tickCallback(_ node: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let node, let owner = cp_event_loop_owner(node) else { return }
    let transport = Unmanaged<LibWebSocketsTransport>.fromOpaque(owner).takeUnretainedValue()
    let began = transport.now
    transport.perform(transport.loop.tick(now: began))
    transport.loop.worked(from: began, to: transport.now)
}

/// lws's log callback: the line goes to the logger bound on the calling thread (`LibWebSocketsLog`).
private func forwardLibWebSocketsLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    LibWebSocketsLog.forward(String(cString: line), isError: level & Int32(LLL_ERR) != 0)
}
