import PreviewProtocol
import PreviewWire

/// Every open WebSocket: its socket, the message being reassembled from fragments, the queue
/// waiting for the socket to become writable, and when the peer was last heard from. Pure and
/// generic over the socket handle, so the rules are tested without one. Each connection's next
/// ping or give-up waits in a `DeadlineQueue`, so a wake looks only at the connections due.
///
/// A connection is an object, changed where it stands: a lookup for each message written to each of
/// thousands of viewers must not copy its queue (as a struct read out of the dictionary would). So a
/// copy of the table shares its connections; the loop keeps one table.
struct ConnectionTable<Socket> {
    private final class Connection {
        let socket: Socket
        var outbox = Outbox()
        var incoming: [UInt8] = []
        var incomingIsBinary = false
        /// When a pong last arrived (or the connection opened). Only a pong counts: a peer that talks
        /// but never reads is as stuck as a silent one.
        var lastHeard: Duration
        /// A ping is waiting for the socket; once written, the next sign of life answers it.
        var pingIsQueued = false
        var pingIsUnanswered = false
        /// Given up on: reported once, then left for the socket's close to remove.
        var isDead = false
        /// When its next ping or give-up is due: the one deadline of it in `deadlines` that counts.
        var livenessDue: Duration

        init(socket: Socket, lastHeard: Duration, livenessDue: Duration) {
            (self.socket, self.lastHeard, self.livenessDue) = (socket, lastHeard, livenessDue)
        }
    }

    /// Where a fragment leaves the message it belongs to.
    enum Reassembly: Equatable {
        /// More fragments follow.
        case partial
        case text(String)
        /// A binary message: a part of an image under way.
        case binary([UInt8])
        /// The message outgrew `ClientMessage.maximumBytes`: close with 1009.
        case tooLarge
    }

    /// What to write next when a socket is writable.
    enum Write {
        case ping
        case message(OutgoingMessage)
        case close(code: UInt16, reason: String)
    }

    private var connections: [Int: Connection] = [:]
    private var nextID = 1
    /// How long a peer may stay silent: pinged after half, given up after all of it.
    let pingTimeout: Duration
    /// Every live connection's `livenessDue`, and older deadlines of them, skipped when they come up.
    private var deadlines = DeadlineQueue()
    /// The bytes waiting in every outbox together.
    private(set) var queuedBytes = 0

    /// The most bytes every outbox may hold together: past it the reader with the most waiting is
    /// let go. A reader alone may hold `Outbox.maximumBytes`; this bounds a thousand of them.
    static var maximumQueuedBytes: Int { 256 * 1024 * 1024 }

    var count: Int { connections.count }
    var isEmpty: Bool { connections.isEmpty }
    var ids: [Int] { Array(connections.keys) }
    /// Deadlines waiting, current and outdated: at most one current a connection, and each outdated
    /// one leaves when it falls due (within a timeout), so this stays within a few times `count`.
    var deadlinesWaiting: Int { deadlines.count }

    init(pingTimeout: Duration = .seconds(30)) {
        self.pingTimeout = pingTimeout
    }

    /// Adds a connection opened at `now`; returns its id (never reused).
    mutating func add(_ socket: Socket, now: Duration) -> Int {
        let id = nextID
        nextID += 1
        let due = now + pingTimeout / 2
        connections[id] = Connection(socket: socket, lastHeard: now, livenessDue: due)
        deadlines.add(id, due: due)
        return id
    }

    /// Removes a closed connection; false when it was not in the table.
    mutating func remove(_ id: Int) -> Bool {
        guard let removed = connections.removeValue(forKey: id) else { return false }
        queuedBytes -= removed.outbox.bytes
        return true
    }

    func socket(_ id: Int) -> Socket? {
        connections[id]?.socket
    }

    /// Adds a received fragment to connection `id`'s message.
    mutating func reassemble(
        _ id: Int,
        _ bytes: UnsafeRawBufferPointer,
        isFirst: Bool,
        isBinary: Bool,
        isLast: Bool
    ) -> Reassembly? {
        modify(id) { connection in
            if isFirst {
                connection.incoming.removeAll(keepingCapacity: true)
                connection.incomingIsBinary = isBinary
            }
            guard connection.incoming.count + bytes.count <= ClientMessage.maximumBytes else {
                connection.incoming = []
                return .tooLarge
            }
            connection.incoming.append(contentsOf: bytes)
            guard isLast else { return .partial }
            defer { connection.incoming.removeAll(keepingCapacity: true) }
            return connection.incomingIsBinary
                ? .binary(connection.incoming) : .text(String(decoding: connection.incoming, as: UTF8.self))
        }
    }

    /// A pong arrived: the peer is alive, if it answers a ping of ours. A pong nobody asked for
    /// (a client may send them at will, as fast as it likes) says nothing of whether it reads, and
    /// costs nothing here.
    mutating func heard(from id: Int, now: Duration) {
        let due = now + pingTimeout / 2
        let answered =
            modify(id) { connection in
                guard connection.pingIsUnanswered, !connection.isDead else { return false }
                connection.lastHeard = now
                connection.pingIsUnanswered = false
                connection.livenessDue = due
                return true
            } ?? false
        if answered { deadlines.add(id, due: due) }
    }

    /// Queues a hub action; returns the socket that now has something to write, and whether the
    /// reader fell so far behind that it is being closed (1008).
    mutating func perform(_ action: TransportAction) -> (socket: Socket, fellBehind: Bool)? {
        switch action {
        case .send(let id, let message):
            return modify(id) { connection in
                let fits = connection.outbox.enqueue(message)
                if !fits { connection.outbox.abandon(code: 1008, reason: "too far behind") }
                return (connection.socket, !fits)
            }
        case .close(let id, let code, let reason):
            return modify(id) { connection in
                connection.outbox.close(code: code, reason: reason)
                return (connection.socket, false)
            }
        case .render, .cancelRender, .readRecording, .checkImage: return nil  // the loop's workers', not a socket's
        }
    }

    /// Closes every connection after what is queued; returns their sockets.
    mutating func closeAll(code: UInt16, reason: String) -> [Socket] {
        ids.compactMap { id in
            modify(id) { connection in
                connection.outbox.close(code: code, reason: reason)
                return connection.socket
            }
        }
    }

    /// The one thing to write now on connection `id` (a ping goes ahead of queued messages, a
    /// close after them); nil when there is nothing.
    mutating func nextWrite(_ id: Int) -> Write? {
        modify(id) { connection -> Write? in
            if connection.pingIsQueued {
                connection.pingIsQueued = false
                connection.pingIsUnanswered = true
                return .ping
            }
            if let message = connection.outbox.next() { return .message(message) }
            if let close = connection.outbox.pendingClose { return .close(code: close.code, reason: close.reason) }
            return nil
        } ?? nil
    }

    /// Whether connection `id` has more to write.
    func hasPendingWrite(_ id: Int) -> Bool {
        guard let connection = connections[id] else { return false }
        return connection.pingIsQueued || !connection.outbox.isEmpty || connection.outbox.pendingClose != nil
    }

    /// Pings each peer not heard from for half the ping timeout (once per silence) and gives up on
    /// each not heard from for all of it, looking only at the connections whose deadline has come.
    /// Returns the sockets to ping, the dead, and when the next check is due (`nil` with none).
    mutating func checkLiveness(now: Duration) -> (ping: [Socket], dead: [Socket], next: Duration?) {
        var ping: [Socket] = []
        var dead: [Socket] = []
        while let due = deadlines.earliest, due.due <= now {
            _ = deadlines.removeEarliest()
            guard let connection = current(due) else { continue }
            let silence = now - connection.lastHeard
            if silence >= pingTimeout {
                connection.isDead = true
                dead.append(connection.socket)
                continue
            }
            if silence >= pingTimeout / 2, !connection.pingIsQueued, !connection.pingIsUnanswered {
                connection.pingIsQueued = true
                ping.append(connection.socket)
            }
            let next = Self.livenessDeadline(of: connection, timeout: pingTimeout)
            connection.livenessDue = next
            deadlines.add(due.id, due: next)
        }
        return (ping, dead, nextLivenessCheck())
    }

    /// When the next ping or give-up is due over every live connection; `nil` with none. Outdated
    /// deadlines at the front are let go on the way.
    mutating func nextLivenessCheck() -> Duration? {
        while let due = deadlines.earliest {
            if current(due) != nil { return due.due }
            _ = deadlines.removeEarliest()
        }
        return nil
    }

    /// The connection `due` is the current deadline of: not closed, not given up, not since heard.
    private func current(_ due: DeadlineQueue.Entry) -> Connection? {
        guard let connection = connections[due.id] else { return nil }
        return !connection.isDead && connection.livenessDue == due.due ? connection : nil
    }

    /// A silent peer is pinged half a timeout after it was last heard, and given up a whole one after.
    private static func livenessDeadline(of connection: Connection, timeout: Duration) -> Duration {
        connection.lastHeard + (connection.pingIsQueued || connection.pingIsUnanswered ? timeout : timeout / 2)
    }

    /// While every outbox together holds more than `maximumQueuedBytes`, lets go of the reader with
    /// the most waiting (its queue freed, a 1008 close to follow); returns their sockets.
    mutating func keepWithinBudget() -> [Socket] {
        var dropped: [Socket] = []
        while queuedBytes > Self.maximumQueuedBytes,
            let largest = connections.max(by: { $0.value.outbox.bytes < $1.value.outbox.bytes })?.key
        {
            let socket = modify(largest) { connection in
                connection.outbox.abandon(code: 1008, reason: "too far behind")
                return connection.socket
            }
            if let socket { dropped.append(socket) }
        }
        return dropped
    }

    /// Runs `body` on connection `id`, keeping `queuedBytes` up to date; nil when there is no such
    /// connection.
    private mutating func modify<Result>(_ id: Int, _ body: (Connection) -> Result) -> Result? {
        guard let connection = connections[id] else { return nil }
        let before = connection.outbox.bytes
        let result = body(connection)
        queuedBytes += connection.outbox.bytes - before
        return result
    }
}
