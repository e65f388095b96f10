/// Where a session's message goes: to every viewer, or to one client.
enum Delivery: Equatable, Sendable {
    case everyone(ServerMessage)
    case client(Int, ServerMessage)
}
