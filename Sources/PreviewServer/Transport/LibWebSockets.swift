import CLibWebSockets
import Logging
import PreviewProtocol
import Synchronization

/// The one file that talks to libwebsockets: it owns the lws context and its event-loop thread,
/// serves `public/` over HTTP, and turns WebSocket traffic on `/ws` into calls on the pure
/// `PreviewHub`, performing the actions it returns. Everything except `requestStop` runs on the
/// service thread, so the hub and the sessions need no locks.
final class LibWebSocketsTransport: @unchecked Sendable {
    private struct Connection {
        let socket: OpaquePointer
        var outbox = Outbox()
        var incoming: [UInt8] = []
        var incomingIsBinary = false
        var isOverLimit = false
    }

    private let options: ServerOptions
    private let logger: Logger
    private let originPolicy: OriginPolicy
    private var staticFiles: StaticFiles?
    private var hub: PreviewHub
    private var connections: [Int: Connection] = [:]
    private var nextConnectionID = 1
    private let epoch = ContinuousClock.now
    private let tickInterval: Duration
    private var nextTick: Duration = .zero
    private var isStopping = false
    private var stopDeadline: Duration = .zero
    private var shouldExit = false
    private let stopRequested = Atomic<Bool>(false)
    /// The context's address for `requestStop` on other threads; cleared (under the lock) before the
    /// context is destroyed, so a late stop never touches freed memory.
    private let cancellableContext = Mutex<UInt>(0)
    /// Sessions alive, published after every hub call for readers on other threads.
    let sessionCount = Atomic<Int>(0)
    /// Frames written to sockets, and the latest any tick ran behind its schedule (µs), for /stats.
    private var framesWritten = 0
    private var maximumTickLag = Duration.zero
    private var writeBuffer: UnsafeMutablePointer<UInt8>
    private var writeBufferCapacity = 64 * 1024

    // lws keeps pointers to all of these for the context's lifetime.
    private var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    private let timer: UnsafeMutablePointer<cp_tick_timer>
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init(options: ServerOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        hub = PreviewHub(
            defaultItems: options.items,
            limits: PreviewHub.Limits(
                maximumConnections: options.maximumConnections,
                maximumSessions: options.maximumSessions,
                sessionLinger: options.sessionLinger
            )
        )
        originPolicy = OriginPolicy(allowed: options.allowedOrigins)
        tickInterval = .nanoseconds(1_000_000_000 / Int64(options.framesPerSecond))
        writeBuffer = .allocate(capacity: writeBufferCapacity)
        protocols = .allocate(capacity: 2)
        retryPolicy = .allocate(capacity: 1)
        timer = .allocate(capacity: 1)
    }

    deinit {
        writeBuffer.deallocate()
        protocols.deallocate()
        retryPolicy.deallocate()
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

        // Ping a silent peer halfway through the timeout and drop it at the timeout (lws's default
        // is minutes); only a pong counts as a sign of life.
        let timeout = UInt16(clamping: max(2, options.pingTimeout))
        retryPolicy.initialize(
            to: lws_retry_bo_t(
                retry_ms_table: nil,
                retry_ms_table_count: 0,
                conceal_count: 0,
                secs_since_valid_ping: timeout / 2,
                secs_since_valid_hangup: timeout,
                jitter_percent: 0
            )
        )
        timer.initialize(to: cp_tick_timer())
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()

        var info = lws_context_creation_info()
        info.port = Int32(options.port)
        info.iface = UnsafePointer(keep(options.host))
        info.protocols = UnsafePointer(protocols)
        info.retry_and_idle_policy = UnsafePointer(retryPolicy)
        info.server_string = UnsafePointer(keep("carousel-preview"))
        info.gid = -1
        info.uid = -1
        info.user = Unmanaged.passUnretained(self).toOpaque()
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
        nextTick = now + tickInterval
        scheduleTick()
        return port
    }

    /// Serves until a stop is requested and every WebSocket has been closed with 1001.
    func run() {
        guard let context else { return }
        while !shouldExit {
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
            return serveHTTP(socket, uri: String(cString: input.assumingMemoryBound(to: CChar.self)))
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            guard let socket, header(socket, WSI_TOKEN_GET_URI) == "/ws", !isStopping else { return 1 }
            let origin = header(socket, WSI_TOKEN_ORIGIN)
            guard originPolicy.allows(origin: origin, host: header(socket, WSI_TOKEN_HOST)) else {
                logger.info("refused a WebSocket from another origin", metadata: ["http.origin": "\(origin ?? "")"])
                return 1
            }
            return 0
        case LWS_CALLBACK_ESTABLISHED:
            guard let socket, let user else { return -1 }
            let id = nextConnectionID
            nextConnectionID += 1
            user.storeBytes(of: id, as: Int.self)
            connections[id] = Connection(socket: socket)
            perform(hub.open(id, query: queryArguments(socket), now: now))
        case LWS_CALLBACK_RECEIVE:
            guard let socket, let id = user?.load(as: Int.self) else { return -1 }
            return receive(socket, id: id, bytes: input, length: length)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let socket, let id = user?.load(as: Int.self) else { return -1 }
            return write(socket, id: id)
        case LWS_CALLBACK_CLOSED:
            guard let id = user?.load(as: Int.self), connections.removeValue(forKey: id) != nil else { return 0 }
            perform(hub.close(id, now: now))
            if isStopping && connections.isEmpty { shouldExit = true }
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            if stopRequested.load(ordering: .sequentiallyConsistent) { beginStopping() }
        default:
            return lws_callback_http_dummy(socket, reason, user, input, length)
        }
        return 0
    }

    // Connections are mutated in place (`connections[id]!...`): copying one out and back would
    // copy its queue and buffer on every message. Presence is checked with `index(forKey:)`, since
    // even `connections[id] != nil` copies the connection out to compare it.
    private func receive(_ socket: OpaquePointer, id: Int, bytes: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        guard connections.index(forKey: id) != nil else { return -1 }
        if lws_is_first_fragment(socket) != 0 {
            connections[id]!.incoming.removeAll(keepingCapacity: true)
            connections[id]!.incomingIsBinary = lws_frame_is_binary(socket) != 0
        }
        guard connections[id]!.incoming.count + length <= PreviewHub.maximumMessageBytes else {
            let reason = "message larger than \(PreviewHub.maximumMessageBytes) bytes"
            closeNow(socket, code: 1009, reason: reason)
            connections[id] = nil
            return -1
        }
        if let bytes, length > 0 {
            connections[id]!.incoming.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: length))
        }
        let isComplete = lws_is_final_fragment(socket) != 0 && lws_remaining_packet_payload(socket) == 0
        guard isComplete else { return 0 }
        let actions =
            connections[id]!.incomingIsBinary
            ? hub.receiveBinary(id)
            : hub.receive(id, text: String(decoding: connections[id]!.incoming, as: UTF8.self), now: now)
        connections[id]?.incoming.removeAll(keepingCapacity: true)
        perform(actions)
        return 0
    }

    /// Writes exactly one queued message; lws holds the next writable callback back until it has
    /// gone out, which is what lets a slow reader's frames coalesce in its outbox.
    private func write(_ socket: OpaquePointer, id: Int) -> Int32 {
        guard connections.index(forKey: id) != nil else { return -1 }
        guard let message = connections[id]!.outbox.next() else {
            if let close = connections[id]!.outbox.pendingClose {
                closeNow(socket, code: close.code, reason: close.reason)
                return -1
            }
            return 0
        }
        let pre = cp_lws_pre()
        var text = message.text
        let count = text.utf8.count
        if pre + count > writeBufferCapacity {
            writeBuffer.deallocate()
            writeBufferCapacity = (pre + count) * 2
            writeBuffer = .allocate(capacity: writeBufferCapacity)
        }
        text.withUTF8 { utf8 in
            (writeBuffer + pre).update(from: utf8.baseAddress!, count: count)
        }
        let written = lws_write(socket, writeBuffer + pre, count, LWS_WRITE_TEXT)
        guard written >= count else { return -1 }
        if message.frame != nil { framesWritten += 1 }
        if let index = connections.index(forKey: id),
            !connections.values[index].outbox.isEmpty || connections.values[index].outbox.pendingClose != nil
        {
            lws_callback_on_writable(socket)
        }
        return 0
    }

    // MARK: - HTTP

    /// Serves `public/` and `/healthz`; everything else is a small 404.
    private func serveHTTP(_ socket: OpaquePointer, uri: String) -> Int32 {
        switch staticFiles?.resolve(uri) ?? .notFound {
        case .health:
            return respond(socket, status: 200, body: "ok")
        case .statistics:
            let lag = maximumTickLag.milliseconds
            let body = JSONValue.object([
                ("connections", .number(Double(connections.count))), ("sessions", .number(Double(hub.sessionCount))),
                ("framesWritten", .number(Double(framesWritten))), ("maximumTickLagMs", .number(lag)),
            ]).encoded
            return respond(socket, status: 200, body: body, contentType: "application/json")
        case .notFound:
            return respond(socket, status: 404, body: "not found\n")
        case .file(let path, let contentType):
            let sent = lws_serve_http_file(socket, path, contentType, nil, 0)
            if sent < 0 || (sent > 0 && lws_http_transaction_completed(socket) != 0) { return -1 }
            return 0
        }
    }

    /// A short plain-text response, written at once.
    private func respond(
        _ socket: OpaquePointer,
        status: UInt32,
        body: String,
        contentType: String = "text/plain; charset=utf-8"
    ) -> Int32 {
        let pre = cp_lws_pre()
        let capacity = pre + 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let start = buffer + pre
        var position: UnsafeMutablePointer<UInt8>? = start
        let end = buffer + capacity - 1
        let bytes = Array(body.utf8)
        guard lws_add_http_common_headers(socket, status, contentType, lws_filepos_t(bytes.count), &position, end) == 0,
            lws_finalize_write_http_header(socket, start, &position, end) == 0
        else { return -1 }
        start.update(from: bytes, count: bytes.count)
        guard lws_write(socket, start, bytes.count, LWS_WRITE_HTTP_FINAL) >= bytes.count else { return -1 }
        return lws_http_transaction_completed(socket) != 0 ? -1 : 0
    }

    private func closeNow(_ socket: OpaquePointer, code: UInt16, reason: String) {
        var bytes = Array(reason.utf8.prefix(120))
        lws_close_reason(socket, lws_close_status(rawValue: UInt32(code)), &bytes, bytes.count)
    }

    fileprivate func tick() {
        maximumTickLag = max(maximumTickLag, now - nextTick)
        if isStopping, now >= stopDeadline { shouldExit = true }
        perform(hub.tick(now: now))
        // Reschedule against absolute deadlines, so ticks do not drift.
        nextTick += tickInterval
        if nextTick < now { nextTick = now + tickInterval }
        scheduleTick()
        if shouldExit, let context { lws_cancel_service(context) }
    }

    private func scheduleTick() {
        guard let context else { return }
        let delay = nextTick - now
        let microseconds = max(
            0,
            delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
        )
        lws_sul_schedule(context, 0, &timer.pointee.node, tickCallback, lws_usec_t(microseconds))
    }

    private func beginStopping() {
        guard !isStopping else { return }
        isStopping = true
        stopDeadline = now + .seconds(2)
        logger.info("closing connections", metadata: ["server.connections": "\(connections.count)"])
        if connections.isEmpty { shouldExit = true }
        for id in connections.keys {
            connections[id]?.outbox.close(code: 1001, reason: "server shutting down")
            lws_callback_on_writable(connections[id]!.socket)
        }
    }

    // MARK: - Actions

    private func perform(_ actions: [TransportAction]) {
        sessionCount.store(hub.sessionCount, ordering: .relaxed)
        for action in actions {
            switch action {
            case .send(let id, let message):
                guard connections.index(forKey: id) != nil else { continue }
                if !connections[id]!.outbox.enqueue(message, keepsEveryFrame: hub.keepsEveryFrame(id)) {
                    logger.info("disconnecting a reader that fell too far behind", metadata: ["connection.id": "\(id)"])
                    connections[id]!.outbox.close(code: 1008, reason: "too far behind")
                }
                lws_callback_on_writable(connections[id]!.socket)
            case .close(let id, let code, let reason):
                guard connections.index(forKey: id) != nil else { continue }
                connections[id]!.outbox.close(code: code, reason: reason)
                lws_callback_on_writable(connections[id]!.socket)
            }
        }
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
        guard length > 0, length < 8192 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(socket, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The URL's query as name/value pairs (lws has already percent-decoded them).
    private func queryArguments(_ socket: OpaquePointer) -> [String: String] {
        var arguments: [String: String] = [:]
        var buffer = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        while index < 32,
            lws_hdr_copy_fragment(socket, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) >= 0
        {
            let pair = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                arguments[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            } else {
                arguments[pair] = ""
            }
            index += 1
        }
        return arguments
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
