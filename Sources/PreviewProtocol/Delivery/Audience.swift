/// Which connection each of a session's clients is, in connection order: the hub addresses a
/// session's deliveries with it, so a session never sees a transport's ids.
struct Audience: Sendable {
    /// Whether the session's frames must all reach a reader that is behind (see `Outbox`).
    let keepsEveryFrame: Bool
    private var members: [(client: Int, connection: Int)] = []

    init(keepsEveryFrame: Bool) {
        self.keepsEveryFrame = keepsEveryFrame
    }

    var isEmpty: Bool { members.isEmpty }

    mutating func add(client: Int, connection: Int) {
        let index = members.firstIndex { $0.connection > connection } ?? members.endIndex
        members.insert((client, connection), at: index)
    }

    mutating func remove(client: Int) {
        members.removeAll { $0.client == client }
    }

    /// `deliveries` as transport actions: a broadcast is encoded once and queued for every member.
    func address(_ deliveries: [Delivery]) -> [TransportAction] {
        var actions: [TransportAction] = []
        for delivery in deliveries {
            switch delivery {
            case .everyone(let message):
                let outgoing = OutgoingMessage(message, keepsEveryFrame: keepsEveryFrame)
                for member in members { actions.append(.send(connection: member.connection, outgoing)) }
            case .client(let client, let message):
                if let member = members.first(where: { $0.client == client }) {
                    actions.append(.send(connection: member.connection, OutgoingMessage(message)))
                }
            }
        }
        return actions
    }
}
