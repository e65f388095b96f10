/// Which WebSocket upgrades are accepted, in one place: the request must pass the access gate
/// (one of the server's hosts, and the token when one is needed), ask for `/ws`, and come from
/// no browser or from one whose page is this server's (`OriginPolicy`). Pure: the transport reads
/// the headers in and answers a refusal.
struct UpgradePolicy: Sendable {
    /// What to do with an upgrade.
    enum Decision: Equatable, Sendable {
        case accept
        case refuse(Refusal)
    }

    /// The one path a WebSocket may open.
    static let path = "/ws"

    let gate: AccessGate
    let origins: OriginPolicy

    func decide(_ request: HTTPRequest) -> Decision {
        // The gate before anything else: a page on another host learns nothing, not even where /ws is.
        if case .refuse(let status, let reason, let concern) = gate.decide(request.access(isUpgrade: true)) {
            return .refuse(Refusal(status: status, reason: reason, gateConcern: concern))
        }
        guard request.path == Self.path else {
            return .refuse(Refusal(status: 404, reason: "the preview's WebSocket is at /ws", concern: .path))
        }
        guard origins.allows(origin: request.origin, host: request.host) else {
            return .refuse(
                Refusal(status: 403, reason: "this origin may not open the preview's WebSocket", concern: .origin)
            )
        }
        return .accept
    }
}
