/// Where a session's message goes: to every viewer, or to one client.
enum Delivery: Equatable, Sendable {
    case everyone(ServerMessage)
    case client(Int, ServerMessage)

    /// An error for `client` alone: its message is not applied, nothing else is sent.
    static func refusal(_ refusal: SessionRefusal, for client: Int) -> Delivery {
        .client(client, .error(refusal.error))
    }
}
