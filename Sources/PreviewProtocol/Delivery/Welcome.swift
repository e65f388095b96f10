import PreviewRecording
import PreviewWire

/// The first message a viewer receives: who it is in which session, which server process answered
/// (`instance`, new at every start, so a page tells a restarted server from a reconnection), what
/// became of its share link, and the session's configuration and items.
public struct Welcome: Equatable, Sendable {
    public var session: String
    /// The server process: random at its start.
    public var instance: String
    /// The worker's name behind a load balancer (`serve --worker`); `nil` for a server on its own.
    public var worker: String?
    public var client: Int
    public var clock: ClockKind
    public var viewers: Int
    public var recording: RecordingStatus?
    /// The link's settings applied and ignored; `nil` when the connection's query had none.
    public var link: LinkReport?
    public var config: SessionConfiguration
    public var items: [CatalogItem]
    /// The viewer asked for the engine stream and gets it (`"engine":"stream"`).
    public var followsStream = false
    /// The session's named variants, in the order they were first saved (the member only when it has some).
    public var variants: [Variant] = []

    func writeMembers(to writer: inout JSONWriter) {
        writer.key("protocol"); writer.integer(1)
        writer.key("session"); writer.string(session)
        writer.key("client"); writer.integer(client)
        writer.key("clock"); writer.string(clock.rawValue)
        writer.key("viewers"); writer.integer(viewers)
        writer.key("recording")
        writer.value(
            recording.map { .object([("client", .number(Double($0.client))), ("time", .number($0.time))]) } ?? .null
        )
        writer.key("worker")
        if let worker { writer.string(worker) } else { writer.null() }
        writer.key("instance"); writer.string(instance)
        writer.key("link"); writer.value(link?.json ?? .null)
        if followsStream { writer.key("engine"); writer.string("stream") }
        if !variants.isEmpty { writer.key("variants"); writer.value(.array(variants.map(\.json))) }
    }
}
