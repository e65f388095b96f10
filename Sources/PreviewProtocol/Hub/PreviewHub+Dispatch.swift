import PreviewWire

/// Where each client message goes, in one place: past the connection's rate limit and the decoder,
/// one exhaustive switch sends what reaches beyond one session's carousel (replays, renders, feel
/// scores, image uploads) to the hub's own handlers, and everything else to its session.
extension PreviewHub {
    mutating func receive(_ text: String, from connection: Int, now: Duration) -> [TransportAction] {
        guard var member = members[connection] else { return [] }
        switch member.limiter.admit(at: now) {
        case .accept: break
        case .rejectSilently:
            members[connection] = member
            return []
        case .rejectAndWarn:
            members[connection] = member
            let error = ProtocolError(
                .rateLimited,
                "more than \(Int(member.limiter.rate)) messages per second; messages are being dropped",
                ref: nil
            )
            return [.error(error, to: connection)]
        }
        members[connection] = member
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(text)
        } catch {
            return [.error(error, to: connection)]
        }
        switch message {
        case .replay(let source, let speed):
            update(member.session) { $0.session.noteTouched() }
            return receiveReplay(source, speed: speed, from: connection, now: now)
        case .replayControl(let control):
            return controlReplay(control, from: connection, now: now)
        case .render(let source, let format):
            return receiveRender(source, format: format, from: connection, now: now)
        case .feel:
            return scoreFeel(in: member.session, for: connection, now: now)
        case .image(let name, let bytes):
            return beginImage(name: name, bytes: bytes, from: connection, now: now)
        case .record(.start):
            if let refusal = recordingRefusal(in: member.session) {
                return [.error(refusal, to: connection)]
            }
            return deliver(message, from: member, on: connection, now: now)
        case .pointer, .wheel, .command, .configure, .visibility, .advance, .ping, .export, .record, .name, .variant:
            return deliver(message, from: member, on: connection, now: now)
        }
    }

    /// The session's answer to a message of its own, unless the session limits it (a costly
    /// broadcast too soon) or a replay playing there holds it.
    private mutating func deliver(
        _ message: ClientMessage,
        from member: Member,
        on connection: Int,
        now: Duration
    ) -> [TransportAction] {
        updateSpendingReplayWork(member.session) { hosted in
            if message.isBroadcastCostly, !hosted.admitCostly(now: now) {
                let limited = ProtocolError(
                    .rateLimited,
                    RateLimiter.broadcastRefusal(for: message.typeName),
                    ref: message.typeName
                )
                return [.error(limited, to: connection)]
            }
            if case .advance(let milliseconds, _) = message,
                let played = hosted.advanceReplay(by: milliseconds, now: now)
            {
                return played
            }
            if hosted.playback != nil, message.waitsForPlayback {
                let busy = ProtocolError(
                    .gestureBusy,
                    "a replay is playing in this session; \(message.typeName) messages are refused until it finishes",
                    ref: message.typeName
                )
                return [.error(busy, to: connection)]
            }
            // The session steps first, then is addressed: `hosted.address(hosted.session.receive(...))`
            // would hold a copy of `hosted` while the session mutates, copying its journal each step.
            let deliveries = hosted.session.receive(message, from: member.client, now: now)
            return hosted.address(deliveries)
        } ?? []
    }

    /// The session's carousel scored over the shipped corpus, to the one who asked.
    private mutating func scoreFeel(in session: String, for connection: Int, now: Duration) -> [TransportAction] {
        guard let carousel = update(session, { ($0.session.config, $0.session.catalog) }) else { return [] }
        let answer: ServerMessage =
            switch feel.score(carousel.0, items: carousel.1, now: now) {
            case .success(let report):
                .feel(gestures: report.json["gestures"] ?? .array([]), summary: report.summary)
            case .failure(let refusal): .error(refusal)
            }
        return [.send(connection: connection, OutgoingMessage(answer))]
    }
}
