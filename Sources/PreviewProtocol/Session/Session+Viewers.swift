import CarouselCore
import PreviewRecording

/// Who joins and leaves a session, and what each of them is sent.
extension Session {
    /// Adds a viewer; returns its session-local client id and what to deliver. `followsStream`: its
    /// page runs the engine and asked for the engine stream, which it gets from now when the calls
    /// since the session's last rest are at hand (else frames until the next rest).
    mutating func join(
        now: Duration,
        link: LinkReport? = nil,
        followsStream: Bool = false
    ) -> (client: Int, deliveries: [Delivery]) {
        catchUp(now)
        let client = members.add()
        updateVisibility()
        let welcome = ServerMessage.welcome(
            Welcome(
                session: name,
                instance: server.instance,
                worker: server.worker,
                client: client,
                clock: clock,
                viewers: members.count,
                recording: recorder.status,
                link: link,
                config: config,
                items: catalog,
                followsStream: followsStream,
                variants: variants.variants
            )
        )
        // Everyone gets the new frame (with any events not yet delivered), the newcomer after its welcome.
        let frame = nextFrame()
        // The pages already following get what they lack first; the newcomer's start holds it.
        var streamed = streamDeliveries(releasing: true)
        if followsStream { streamFollowers.insert(client) }
        if followsStream, let start = stream.startForJoiner() {
            streamed.append(
                .client(client, .engine(isStart: true, time: time - start.behind, calls: start.calls, now: time))
            )
        }
        journal.append(.join(client: client), at: now - createdAt)
        checkpointIfAtRest(now: now)
        return (
            client,
            [.client(client, welcome)] + streamed + [.everyone(.frame(frame))]
                + viewersChanged(now: now, joined: client)
                + streamDeliveries() + recorder.limitReached(at: time, journal: journal, origin: origin)
        )
    }

    /// Removes a viewer. A gesture it owned is cancelled, so the carousel settles.
    mutating func leave(client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        guard members.remove(client, now: now) else { return [] }
        ownership.forget(client)
        streamFollowers.remove(client)
        var deliveries: [Delivery] = []
        if engine.activePointerID == client {
            _ = try? handle(.pointer(PointerEvent(.cancel, pointerID: client, x: 0, timestamp: 0)))
            ownership.gestureEnded()
            deliveries.append(.everyone(.frame(nextFrame())))
        }
        journal.append(.leave(client: client), at: now - createdAt)
        updateVisibility()
        deliveries += viewersChanged(now: now)
        checkpointIfAtRest(now: now)
        return deliveries + streamDeliveries() + recorder.limitReached(at: time, journal: journal, origin: origin)
    }
}
