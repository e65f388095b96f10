import PreviewRecording
import PreviewWire

/// Who watches a session: each viewer under its session-local client number (never reused), and
/// since when nobody has watched, so the hub can drop a session left empty.
struct SessionMembership {
    /// The most viewers a `viewers` message lists. Joins and leaves send the list to every viewer
    /// (`Session+ViewerList`), so its size is bounded; a team's preview has far fewer, and `count` is
    /// always all.
    static let listedViewerLimit = 64

    private var viewers: [Int: Viewer] = [:]
    private var nextClient = 1
    /// How many of them are hidden: kept as they change, so a join need not walk every viewer.
    private var hiddenCount = 0
    /// When the last viewer left, if nobody watches.
    private(set) var emptySince: Duration?

    var count: Int { viewers.count }
    var isEmpty: Bool { viewers.isEmpty }

    init() {}

    /// The viewers a checkpoint lists, with the next client number (names are not recorded).
    init(restoring watchers: [SessionCheckpoint.Watcher], nextClient: Int) {
        for watcher in watchers {
            viewers[watcher.client] = Viewer(isHidden: watcher.isHidden, input: watcher.input)
            if watcher.isHidden { hiddenCount += 1 }
        }
        self.nextClient = nextClient
        emptySince = watchers.isEmpty ? .zero : nil
    }

    /// The viewers for a checkpoint, by client number.
    var watchers: [SessionCheckpoint.Watcher] {
        // Sorted as pairs: looking each client up again cost two hash lookups a watcher, at every rest.
        viewers.sorted { $0.key < $1.key }.map { client, viewer in
            SessionCheckpoint.Watcher(client: client, isHidden: viewer.isHidden, input: viewer.input)
        }
    }

    /// The client number the next viewer gets.
    var nextClientNumber: Int { nextClient }

    /// Whether `client` is watching.
    func contains(_ client: Int) -> Bool {
        viewers[client] != nil
    }

    /// Whether auto-scroll should pause: every viewer's page is hidden, or nobody watches.
    var isEveryoneHidden: Bool { hiddenCount == viewers.count }

    /// Adds a viewer; returns its client number.
    mutating func add() -> Int {
        let client = nextClient
        nextClient += 1
        viewers[client] = Viewer()
        emptySince = nil
        return client
    }

    /// Removes `client` at `now`; false when it was not watching.
    mutating func remove(_ client: Int, now: Duration) -> Bool {
        guard let removed = viewers.removeValue(forKey: client) else { return false }
        if removed.isHidden { hiddenCount -= 1 }
        if viewers.isEmpty { emptySince = now }
        return true
    }

    mutating func setHidden(_ isHidden: Bool, for client: Int) {
        guard let viewer = viewers[client], viewer.isHidden != isHidden else { return }
        viewers[client]?.isHidden = isHidden
        hiddenCount += isHidden ? 1 : -1
    }

    /// Notes what `client` drags with; true when that changed, so every viewer's list should say so.
    mutating func noteInput(_ input: PointerType, of client: Int) -> Bool {
        guard viewers[client]?.input != input else { return false }
        viewers[client]?.input = input
        return true
    }

    /// Gives `client` a short name (or none); true when that changed, so every viewer's list should say so.
    mutating func rename(_ client: Int, to name: ViewerName?) -> Bool {
        guard let viewer = viewers[client], viewer.name != name else { return false }
        viewers[client]?.name = name
        return true
    }

    /// The `viewers` message: how many watch, and the first of them by client number with their inputs.
    var list: ServerMessage {
        // The first by number, picked in one pass (a join of the ten-thousandth sorts nothing).
        var first: [Int] = []
        for client in viewers.keys where first.count < Self.listedViewerLimit || client < first[first.count - 1] {
            first.insert(client, at: first.firstIndex { $0 > client } ?? first.count)
            if first.count > Self.listedViewerLimit { first.removeLast() }
        }
        let listed = first.map { client in
            ViewerSummary(client: client, input: viewers[client]?.input, name: viewers[client]?.name)
        }
        return .viewers(count: viewers.count, listed: Array(listed))
    }

    /// When the session may be dropped, having had no viewer for `linger`; `nil` while someone watches.
    func expiry(linger: Duration) -> Duration? {
        emptySince.map { $0 + linger }
    }
}
