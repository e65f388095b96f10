/// The renders of the whole server, one drawn at a time and the rest waiting in turn: a render
/// takes a core for seconds, and a small machine has two. Each session has at most one render in
/// the line (drawn or waiting), so sessions take turns whatever one of them sends, and the line
/// holds at most `maximumWaiting`. Pure bookkeeping: the hub turns what it answers into
/// `render`, `cancelRender` and `renderQueued` actions.
struct RenderLine: Sendable {
    /// The most renders that wait while one is drawn, across the server.
    static let maximumWaiting = 16

    /// The render being drawn, if any.
    private(set) var drawing: RenderRequest?
    /// The renders waiting, first in line first.
    private(set) var waiting: [RenderRequest] = []
    /// The ticket the next request gets: every render is told apart by it, a cancelled one too.
    private var nextTicket = 1

    /// Why a request did not join the line.
    enum Refusal: Error, Equatable, Sendable {
        /// Its session already has a render drawn or waiting.
        case sessionHasOne
        /// `maximumWaiting` renders wait already.
        case full
    }

    /// What became of a request: drawn at once, or waiting at a place (1: next after the one drawn).
    enum Admission: Equatable, Sendable {
        case draw(RenderRequest)
        case wait(place: Int)
    }

    /// The ticket a new request must carry.
    mutating func takeTicket() -> Int {
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Puts `request` in line: drawn now when nothing is, else at the end.
    mutating func join(_ request: RenderRequest) -> Result<Admission, Refusal> {
        let sessions = ([drawing].compactMap { $0 } + waiting).map(\.session)
        guard !sessions.contains(request.session) else { return .failure(.sessionHasOne) }
        guard drawing != nil else {
            drawing = request
            return .success(.draw(request))
        }
        guard waiting.count < Self.maximumWaiting else { return .failure(.full) }
        waiting.append(request)
        return .success(.wait(place: waiting.count))
    }

    /// What changed when a render left the line: the one to draw next, and the waiting ones whose
    /// place moved up (each with its new place).
    struct Advance: Equatable, Sendable {
        var next: RenderRequest?
        var moved: [(request: RenderRequest, place: Int)] = []

        static func == (lhs: Advance, rhs: Advance) -> Bool {
            lhs.next == rhs.next && lhs.moved.map(\.request) == rhs.moved.map(\.request)
                && lhs.moved.map(\.place) == rhs.moved.map(\.place)
        }
    }

    /// The render with `ticket` was drawn (or failed): the next in line is drawn. Nothing when that
    /// render had already left the line (cancelled while its worker was still being stopped).
    mutating func finished(ticket: Int) -> Advance {
        guard drawing?.ticket == ticket else { return Advance() }
        return advance()
    }

    /// The renders asked for by `connection` leave the line (its viewer left): the one drawn, if it
    /// was theirs, is returned to be stopped, and the line moves up.
    mutating func withdraw(connection: Int) -> (stopped: RenderRequest?, advance: Advance) {
        if let drawn = drawing, drawn.connection == connection {
            return (drawn, advance())
        }
        guard let index = waiting.firstIndex(where: { $0.connection == connection }) else { return (nil, Advance()) }
        waiting.remove(at: index)
        return (nil, Advance(moved: Array(waiting[index...].enumerated().map { ($1, index + $0 + 1) })))
    }

    private mutating func advance() -> Advance {
        guard !waiting.isEmpty else {
            drawing = nil
            return Advance()
        }
        drawing = waiting.removeFirst()
        return Advance(next: drawing, moved: waiting.enumerated().map { ($1, $0 + 1) })
    }
}
