@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

/// A call the hub made on a session, made again on the probe's restored session.
enum SessionCall {
    case join(client: Int)
    case leave(client: Int)
    case receive(ClientMessage, client: Int)
    case tick
}

/// A broken promise of the hub: what, and the text that shows it.
struct Violation: Error {
    let what: String
    let text: String
}

/// A session restored from the checkpoint a hub's session has just written, through the
/// checkpoint's JSON, then given every call the original gets: it must send the same frames, byte
/// for byte. A recording only starts at a checkpoint when a viewer records; the probe tries any
/// checkpoint the program reaches, and leaves the journal out (its calls are the hub's).
struct CheckpointProbe {
    private var shadow: Session
    /// The hub time the restored session counts from: where the checkpoint was written.
    private let origin: Duration

    /// `session` rests on its journal's checkpoint, written `origin` in hub time.
    init(restoring session: Session, origin: Duration) throws(Violation) {
        let checkpoint = session.journal.base
        let text = checkpoint.json.encoded
        let parsed: SessionCheckpoint
        do {
            parsed = try SessionCheckpoint(json: try JSONParser.parse(text))
        } catch {
            throw Violation(what: "a checkpoint the session wrote does not read back: \(error)", text: text)
        }
        guard parsed.json.encoded == text else {
            throw Violation(what: "a checkpoint reads back as another", text: parsed.json.encoded)
        }
        do {
            shadow = try Session(
                restoring: parsed,
                name: session.name,
                clock: session.clock,
                catalogs: session.origin.catalogs
            )
        } catch {
            throw Violation(what: "no session restores from a checkpoint the session wrote: \(error)", text: text)
        }
        self.origin = origin
    }

    /// Makes `call` at hub time `now`; the frames the restored session sent, in their wire form.
    mutating func run(_ call: SessionCall, now: Duration) throws(Violation) -> [String] {
        let at = now - origin
        let deliveries: [Delivery]
        switch call {
        case .join(let client):
            let (assigned, joined) = shadow.join(now: at)
            guard assigned == client else {
                throw Violation(what: "the restored session names a newcomer \(assigned), the hub \(client)", text: "")
            }
            deliveries = joined
        case .leave(let client): deliveries = shadow.leave(client: client, now: at)
        case .receive(let message, let client): deliveries = shadow.receive(message, from: client, now: at)
        case .tick: deliveries = shadow.tick(now: at)
        }
        return deliveries.compactMap { delivery in
            guard case .everyone(.frame(let frame)) = delivery else { return nil }
            return ServerMessage.frame(frame).encoded
        }
    }
}
