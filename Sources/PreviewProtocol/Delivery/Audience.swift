/// Which connection each of a session's clients is, in connection order, and whether its page
/// follows the session's engine stream: the hub addresses a session's deliveries with it, so a
/// session never sees a transport's ids.
struct Audience: Sendable {
    /// How a viewer is sent the carousel's motion.
    enum Motion: Sendable {
        /// Frames (the page asked for no stream, or a headless client).
        case frames
        /// Frames, until a start of the engine stream comes (it asked for the stream).
        case waitingForStream
        /// The engine stream, in place of frames.
        case stream
    }

    /// Whether the session's frames must all reach a reader that is behind (see `Outbox`).
    let keepsEveryFrame: Bool
    private var members: [(client: Int, connection: Int, motion: Motion)] = []

    init(keepsEveryFrame: Bool) {
        self.keepsEveryFrame = keepsEveryFrame
    }

    var isEmpty: Bool { members.isEmpty }

    /// Whether any viewer is sent frames (its page runs no engine, or waits for the stream's start).
    var drawsFrames: Bool {
        members.contains { if case .stream = $0.motion { false } else { true } }
    }

    /// Adds a viewer; `followsStream`: its page asked for the engine stream.
    mutating func add(client: Int, connection: Int, followsStream: Bool = false) {
        let index = members.firstIndex { $0.connection > connection } ?? members.endIndex
        members.insert((client, connection, followsStream ? .waitingForStream : .frames), at: index)
    }

    mutating func remove(client: Int) {
        members.removeAll { $0.client == client }
    }

    /// `deliveries` as transport actions: a broadcast is encoded once and queued for every member
    /// it is for. A stream's start moves the viewers it goes to onto the stream; `stopFollowing`
    /// moves them back to frames until the next start.
    mutating func address(_ deliveries: [Delivery]) -> [TransportAction] {
        var actions: [TransportAction] = []
        func send(_ message: ServerMessage, to wanted: (Motion) -> Bool, then motion: Motion? = nil) {
            let outgoing = OutgoingMessage(message, keepsEveryFrame: keepsEveryFrame)
            for index in members.indices where wanted(members[index].motion) {
                actions.append(.send(connection: members[index].connection, outgoing))
                if let motion { members[index].motion = motion }
            }
        }
        for delivery in deliveries {
            switch delivery {
            case .everyone(.frame(let frame)):
                send(.frame(frame)) { if case .stream = $0 { false } else { true } }
            case .everyone(let message): send(message) { _ in true }
            case .followers(let message): send(message) { if case .stream = $0 { true } else { false } }
            case .waitingFollowers(let message):
                send(message, to: { if case .waitingForStream = $0 { true } else { false } }, then: .stream)
            case .stopFollowing:
                for index in members.indices where members[index].motion == .stream {
                    members[index].motion = .waitingForStream
                }
            case .client(let client, let message):
                guard let index = members.firstIndex(where: { $0.client == client }) else { continue }
                actions.append(.send(connection: members[index].connection, OutgoingMessage(message)))
                if case .engine(isStart: true, _, _, _, _, _, _) = message { members[index].motion = .stream }
            }
        }
        return actions
    }
}
