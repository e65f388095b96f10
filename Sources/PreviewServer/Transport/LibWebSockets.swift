import CLibWebSockets
import Logging
import PreviewProtocol
import Synchronization

/// The one file that talks to libwebsockets: it owns the lws context and its event-loop thread,
/// serves `public/` over HTTP, and turns WebSocket traffic on `/ws` into calls on the pure
/// `PreviewHub`, performing the actions it returns. Everything except `requestStop` runs on the
/// service thread, so the hub and the sessions need no locks.
final class LibWebSocketsTransport: @unchecked Sendable {
    private let options: ServerOptions
    private let logger: Logger
    private let originPolicy: OriginPolicy
    /// Host and token checks, for every HTTP request and WebSocket upgrade.
    private let gate: AccessGate
    private let addresses: ListeningAddresses
    private var refusals = RefusalLog()
    private var staticFiles: StaticFiles?
    /// What the loop decides; this file only reads the clock and talks to lws.
    private var loop: ServiceLoop<OpaquePointer>
    private let epoch = ContinuousClock.now
    private let stopRequested = Atomic<Bool>(false)
    /// The context's address for `requestStop` on other threads; cleared (under the lock) before the
    /// context is destroyed, so a late stop never touches freed memory.
    private let cancellableContext = Mutex<UInt>(0)
    /// Sessions alive, published after every loop call for readers on other threads.
    let sessionCount = Atomic<Int>(0)
    private var writeBuffer: UnsafeMutablePointer<UInt8>
    private var writeBufferCapacity = 64 * 1024

    // lws keeps pointers to all of these for the context's lifetime.
    private var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let timer: UnsafeMutablePointer<cp_tick_timer>
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init(options: ServerOptions, gate: AccessGate, addresses: ListeningAddresses, logger: Logger) {
        self.options = options
        self.logger = logger
        self.gate = gate
        self.addresses = addresses
        let hub = PreviewHub(
            catalogs: options.catalogs,
            limits: PreviewHub.Limits(
                maximumConnections: options.maximumConnections,
                maximumSessions: options.maximumSessions,
                sessionLinger: options.sessionLinger
            ),
            identity: .random(worker: options.worker)
        )
        loop = ServiceLoop(
            hub: hub,
            tickInterval: .nanoseconds(1_000_000_000 / Int64(options.framesPerSecond)),
            pingTimeout: .seconds(options.pingTimeout),
            logger: logger,
            now: .zero
        )
        originPolicy = OriginPolicy(allowed: options.allowedOrigins)
        writeBuffer = .allocate(capacity: writeBufferCapacity)
        protocols = .allocate(capacity: 2)
        timer = .allocate(capacity: 1)
    }

    deinit {
        writeBuffer.deallocate()
        protocols.deallocate()
        timer.deallocate()
        cStrings.forEach { $0.deallocate() }
    }

    // MARK: - Lifecycle (service thread)

    /// Creates the context and binds; returns the port actually listened on.
    func createContext() throws(ServerError) -> Int {
        cp_set_log_sink(forwardLibWebSocketsLog)
        guard let files = StaticFiles(directory: options.publicDirectory) else {
            throw ServerError.missingPublicDirectory(options.publicDirectory)
        }
        staticFiles = files

        var webSocketProtocol = lws_protocols()
        webSocketProtocol.name = UnsafePointer(keep("carousel-preview"))
        webSocketProtocol.callback = serviceCallback
        webSocketProtocol.per_session_data_size = MemoryLayout<Int>.size
        webSocketProtocol.rx_buffer_size = 4096
        protocols.initialize(to: webSocketProtocol)
        (protocols + 1).initialize(to: lws_protocols())

        // Pings and the hang-up of silent peers are the loop's (lws's own policy, 300/310 s, is left
        // far behind the loop's timeout).
        timer.initialize(to: cp_tick_timer())
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()

        var info = lws_context_creation_info()
        info.port = Int32(options.port)
        info.iface = UnsafePointer(keep(options.host))
        info.protocols = UnsafePointer(protocols)
        info.server_string = UnsafePointer(keep("carousel-preview"))
        info.gid = -1
        info.uid = -1
        info.user = Unmanaged.passUnretained(self).toOpaque()
        // Browsers send every localhost server's cookies to each of them (cookies ignore the port),
        // so a request's headers can be long; lws's default 1 KiB would drop such a request unanswered.
        info.max_http_header_data = 16 * 1024
        info.options = cp_option_validate_utf8() | cp_option_fail_upon_unable_to_bind()
        // With IPv6 on, lws 4.1.6 binds every interface even when given an IPv4 address.
        if !options.host.contains(":") { info.options |= cp_option_disable_ipv6() }

        // lws keeps process-wide state (logging, platform setup); contexts are made and destroyed one
        // at a time, in case several servers share a process (the tests run many in parallel).
        let address = contextLifecycle.withLock { _ in
            isCreatingContext.store(true, ordering: .sequentiallyConsistent)
            defer { isCreatingContext.store(false, ordering: .sequentiallyConsistent) }
            return UInt(bitPattern: Int(bitPattern: lws_create_context(&info)))
        }
        let created = OpaquePointer(bitPattern: address)
        guard let created else {
            throw ServerError.cannotListen(host: options.host, port: options.port)
        }
        context = created
        cancellableContext.withLock { $0 = UInt(bitPattern: Int(bitPattern: created)) }
        guard let vhost = lws_get_vhost_by_name(created, "default") else {
            throw ServerError.cannotListen(host: options.host, port: options.port)
        }
        let port = Int(lws_get_vhost_listen_port(vhost))
        scheduleTick()
        return port
    }

    /// Serves until a stop is requested and every WebSocket has been closed with 1001.
    func run() {
        guard let context else { return }
        while !loop.shouldExit {
            lws_service(context, 0)
        }
        cancellableContext.withLock { $0 = 0 }
        let address = UInt(bitPattern: Int(bitPattern: context))
        contextLifecycle.withLock { _ in lws_context_destroy(OpaquePointer(bitPattern: address)) }
        self.context = nil
    }

    /// Safe from any thread: asks the loop to close every WebSocket with 1001 and exit.
    func requestStop() {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        cancellableContext.withLock { address in
            if let context = OpaquePointer(bitPattern: address) { lws_cancel_service(context) }
        }
    }

    // MARK: - Callbacks (service thread)

    fileprivate func handle(
        _ socket: OpaquePointer?,
        _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?,
        _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_HTTP:
            guard let socket, let input else { return -1 }
            let path = String(cString: input.assumingMemoryBound(to: CChar.self))
            let request = accessRequest(socket, path: path, isUpgrade: false)
            switch gate.decide(request) {
            case .refuse(let status, let reason, let concern):
                noteRefusal(concern, host: request.host)
                return respondRefusal(socket, status: status, reason: reason)
            case .allow(let cookie):
                return serveHTTP(socket, uri: path, host: request.host, setCookie: cookie)
            }
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            // Stopping, the socket is dropped: a proxy in front then tries another worker.
            guard let socket, !loop.isStopping else { return 1 }
            let path = header(socket, WSI_TOKEN_GET_URI)
            // Before anything else: a page on another host learns nothing, not even where /ws is.
            let request = accessRequest(socket, path: path ?? "", isUpgrade: true)
            if case .refuse(let status, let reason, let concern) = gate.decide(request) {
                noteRefusal(concern, host: request.host)
                // lws puts the text in its HTML page as it is: escaped here, since a malformed Host is quoted in it.
                lws_return_http_status(socket, UInt32(status), reason.xmlEscaped)
                return 1
            }
            guard path == "/ws" else {
                lws_return_http_status(
                    socket,
                    UInt32(HTTP_STATUS_NOT_FOUND.rawValue),
                    "the preview's WebSocket is at /ws"
                )
                return 1
            }
            let origin = header(socket, WSI_TOKEN_ORIGIN)
            guard originPolicy.allows(origin: origin, host: header(socket, WSI_TOKEN_HOST)) else {
                logger.info("refused a WebSocket from another origin", metadata: ["http.origin": "\(origin ?? "")"])
                // An answer, not a dropped socket: a proxy in front (nginx) takes a drop for a dead
                // worker and would mark it down for every other viewer.
                lws_return_http_status(
                    socket,
                    UInt32(HTTP_STATUS_FORBIDDEN.rawValue),
                    "this origin may not open the preview's WebSocket"
                )
                return 1
            }
            return 0
        case LWS_CALLBACK_ESTABLISHED:
            guard let socket, let user else { return -1 }
            // The token is the transport's business: sessions never see it (nor could a recording keep it).
            let query = Dictionary(
                queryPairs(socket).filter { $0.name != "token" }.map { ($0.name, $0.value) },
                uniquingKeysWith: { _, last in last }
            )
            let (id, effects) = loop.open(socket, query: query, now: now)
            user.storeBytes(of: id, as: Int.self)
            perform(effects)
        case LWS_CALLBACK_RECEIVE:
            guard let socket, let id = user?.load(as: Int.self) else { return -1 }
            let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            let receipt = loop.receive(
                id,
                bytes,
                isFirst: lws_is_first_fragment(socket) != 0,
                isBinary: lws_frame_is_binary(socket) != 0,
                isLast: lws_is_final_fragment(socket) != 0 && lws_remaining_packet_payload(socket) == 0,
                now: now
            )
            switch receipt {
            case .effects(let effects): perform(effects)
            case .refuse(let code, let reason):
                closeNow(socket, code: code, reason: reason)
                return -1
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
            if stopRequested.load(ordering: .sequentiallyConsistent) { perform(loop.stop(now: now)) }
        default:
            return lws_callback_http_dummy(socket, reason, user, input, length)
        }
        return 0
    }

    /// Writes exactly one thing the loop hands out; lws holds the next writable callback back until
    /// it has gone out, which is what lets a slow reader's frames coalesce in its outbox.
    private func write(_ socket: OpaquePointer, id: Int) -> Int32 {
        switch loop.writable(id) {
        case nil:
            return 0
        case .close(let code, let reason)?:
            closeNow(socket, code: code, reason: reason)
            return -1
        case .ping?:
            // lws 4.1.6 calls RECEIVE_PONG only for a pong with a payload, so the ping carries one.
            let payload = writeBuffer + cp_lws_pre()
            payload.update(repeating: UInt8(ascii: "p"), count: 4)
            guard lws_write(socket, payload, 4, LWS_WRITE_PING) >= 4 else { return -1 }
        case .message(let message)?:
            var text = message.text
            let pre = cp_lws_pre()
            let count = text.utf8.count
            if pre + count > writeBufferCapacity {
                writeBuffer.deallocate()
                writeBufferCapacity = (pre + count) * 2
                writeBuffer = .allocate(capacity: writeBufferCapacity)
            }
            text.withUTF8 { utf8 in
                (writeBuffer + pre).update(from: utf8.baseAddress!, count: count)
            }
            guard lws_write(socket, writeBuffer + pre, count, LWS_WRITE_TEXT) >= count else { return -1 }
        }
        if loop.hasPendingWrite(id) { lws_callback_on_writable(socket) }
        return 0
    }

    // MARK: - HTTP

    /// Serves `public/`, `/healthz`, `/stats`, `/access` and `/qr.svg`; everything else is a small 404.
    /// `setCookie`: the token cookie to hand out with the answer (a first visit with `?token=`).
    private func serveHTTP(_ socket: OpaquePointer, uri: String, host: String?, setCookie: String?) -> Int32 {
        let cookieHeader = setCookie.map { [("set-cookie:", $0)] } ?? []
        switch uri {
        case "/access":
            let port = host.flatMap { try? HostHeader(parsing: $0) }?.port ?? 80
            return respond(
                socket,
                status: 200,
                body: AccessSummary(addresses: addresses, token: gate.token, port: port).json.encoded,
                contentType: "application/json",
                headers: cookieHeader + [("cache-control:", "no-store")]
            )
        case "/qr.svg":
            // no-store: the text is a link with the token in it, which no cache should keep.
            let answer = QRCodeResponse(query: queryPairs(socket))
            return respond(
                socket,
                status: UInt32(answer.status),
                body: answer.body,
                contentType: answer.contentType,
                headers: cookieHeader + [("cache-control:", "no-store"), ("x-content-type-options:", "nosniff")]
            )
        default:
            break
        }
        switch staticFiles?.resolve(uri) ?? .notFound {
        case .health:
            return respond(socket, status: 200, body: "ok", headers: cookieHeader)
        case .statistics:
            return respond(
                socket,
                status: 200,
                body: loop.statistics.encoded,
                contentType: "application/json",
                headers: cookieHeader
            )
        case .notFound:
            return respond(socket, status: 404, body: "not found\n", headers: cookieHeader)
        case .file(let path, let contentType):
            var extra = Array(cookieHeader.map { "\($0.0) \($0.1)\r\n" }.joined().utf8)
            let sent = extra.withUnsafeMutableBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { headers in
                    lws_serve_http_file(
                        socket,
                        path,
                        contentType,
                        headers.isEmpty ? nil : headers.baseAddress,
                        Int32(headers.count)
                    )
                }
            }
            if sent < 0 || (sent > 0 && lws_http_transaction_completed(socket) != 0) { return -1 }
            return 0
        }
    }

    /// A refused request's answer: a short page for a browser, saying what to do.
    private func respondRefusal(_ socket: OpaquePointer, status: Int, reason: String) -> Int32 {
        respond(
            socket,
            status: UInt32(status),
            body: AccessRefusalPage(status: status, reason: reason).html,
            contentType: "text/html; charset=utf-8",
            headers: status == 401 ? [("www-authenticate:", #"Bearer realm="carousel-preview""#)] : []
        )
    }

    /// Logs a refused host once per Host; token refusals only at debug level (nothing of the token).
    private func noteRefusal(_ concern: AccessGate.Concern, host: String?) {
        if concern == .token {
            logger.debug("refused a request without the right access token")
        } else if let line = refusals.line(forHost: host) {
            logger.notice("\(line)")
        }
    }

    /// A short response, written at once, with `headers` (names with their colon) besides the common ones.
    private func respond(
        _ socket: OpaquePointer,
        status: UInt32,
        body: String,
        contentType: String = "text/plain; charset=utf-8",
        headers: [(name: String, value: String)] = []
    ) -> Int32 {
        let pre = cp_lws_pre()
        let bytes = Array(body.utf8)
        let capacity = pre + 2048 + bytes.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let start = buffer + pre
        var position: UnsafeMutablePointer<UInt8>? = start
        let end = buffer + capacity - 1
        guard lws_add_http_common_headers(socket, status, contentType, lws_filepos_t(bytes.count), &position, end) == 0
        else { return -1 }
        for (name, value) in headers {
            let added = lws_add_http_header_by_name(socket, name, value, Int32(value.utf8.count), &position, end)
            guard added == 0 else { return -1 }
        }
        guard lws_finalize_write_http_header(socket, start, &position, end) == 0 else { return -1 }
        start.update(from: bytes, count: bytes.count)
        guard lws_write(socket, start, bytes.count, LWS_WRITE_HTTP_FINAL) >= bytes.count else { return -1 }
        return lws_http_transaction_completed(socket) != 0 ? -1 : 0
    }

    private func closeNow(_ socket: OpaquePointer, code: UInt16, reason: String) {
        var bytes = Array(reason.utf8.prefix(120))
        lws_close_reason(socket, lws_close_status(rawValue: UInt32(code)), &bytes, bytes.count)
    }

    fileprivate func tick() {
        perform(loop.tick(now: now))
    }

    /// Sets the one timer to the loop's next wake, or cancels it: an idle server sleeps in poll.
    private func scheduleTick() {
        guard let context else { return }
        let current = now
        guard let wake = loop.nextWake(now: current) else {
            lws_sul_cancel(&timer.pointee.node)
            return
        }
        let delay = max(.zero, wake - current)
        // Rounded up, so the timer never fires a hair before the deadline and spins once more.
        let microseconds =
            delay.components.seconds * 1_000_000 + (delay.components.attoseconds + 999_999_999_999) / 1_000_000_000_000
        lws_sul_schedule(context, 0, &timer.pointee.node, tickCallback, lws_usec_t(microseconds))
    }

    // MARK: - Effects

    private func perform(_ effects: [ServiceLoop<OpaquePointer>.Effect]) {
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

    // MARK: - Helpers

    private var now: Duration { ContinuousClock.now - epoch }

    /// A C string that lives as long as the transport (lws keeps the pointer).
    private func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        pointer.initialize(from: utf8, count: utf8.count)
        cStrings.append(pointer)
        return pointer
    }

    private func header(_ socket: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(socket, token))
        guard length > 0, length <= 16 * 1024 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(socket, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The URL's query as name/value pairs in order, repeats kept (lws has already
    /// percent-decoded them); at most 32. Each is copied whole: the request's headers, the URL
    /// with them, are bounded by `max_http_header_data` (16 KiB).
    private func queryPairs(_ socket: OpaquePointer) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var index: Int32 = 0
        while index < 32 {
            let length = lws_hdr_fragment_length(socket, WSI_TOKEN_HTTP_URI_ARGS, index)
            guard length >= 0 else { break }
            var buffer = [CChar](repeating: 0, count: Int(length) + 1)
            guard lws_hdr_copy_fragment(socket, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) >= 0
            else { break }
            let pair = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                pairs.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
            } else {
                pairs.append((pair, ""))
            }
            index += 1
        }
        return pairs
    }

    /// What the access check needs of a request.
    private func accessRequest(_ socket: OpaquePointer, path: String, isUpgrade: Bool) -> AccessRequest {
        AccessRequest(
            path: path,
            host: header(socket, WSI_TOKEN_HOST),
            queryTokens: queryPairs(socket).filter { $0.name == "token" }.map(\.value),
            cookies: header(socket, WSI_TOKEN_HTTP_COOKIE),
            authorization: header(socket, WSI_TOKEN_HTTP_AUTHORIZATION),
            isUpgrade: isUpgrade
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
    guard let node, let owner = cp_tick_timer_owner(node) else { return }
    Unmanaged<LibWebSocketsTransport>.fromOpaque(owner).takeUnretainedValue().tick()
}

private let libWebSocketsLogger = Logger(label: "carousel-preview.lws")

/// Serializes context creation and destruction across the process.
private let contextLifecycle = Mutex<Void>(())

/// While the context is being created, lws's own errors only repeat what `ServerError` reports
/// in one clear line, so they are logged at debug level.
private let isCreatingContext = Atomic<Bool>(false)

private func forwardLibWebSocketsLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    var text = Substring(String(cString: line))
    while let last = text.last, last.isWhitespace { text.removeLast() }
    if level & Int32(LLL_ERR) != 0, !isCreatingContext.load(ordering: .sequentiallyConsistent) {
        libWebSocketsLogger.error("\(text)")
    } else {
        libWebSocketsLogger.debug("\(text)")
    }
}
