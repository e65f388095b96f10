/// Where a session's message goes: to every viewer, or to one client.
enum Delivery: Equatable, Sendable {
    /// To every viewer; a frame only to those not following the engine stream.
    case everyone(ServerMessage)
    case client(Int, ServerMessage)
    /// To the viewers whose pages follow the engine stream.
    case followers(ServerMessage)
    /// A stream's start to the viewers that asked to follow it and wait for one: they follow from now.
    case waitingFollowers(ServerMessage)
    /// The viewers that follow the stream wait for a start again, drawing frames meanwhile (a
    /// replay plays, or the stream lost a time it cannot say).
    case stopFollowing

    /// An error for `client` alone: its message is not applied, nothing else is sent.
    static func refusal(_ refusal: SessionRefusal, for client: Int) -> Delivery {
        .client(client, .error(refusal.error))
    }
}
