import CarouselCore

/// Who joins and leaves a session, and what each of them is sent.
extension Session {
    /// Adds a viewer; returns its session-local client id and what to deliver.
    mutating func join(now: Duration, link: LinkReport? = nil) -> (client: Int, deliveries: [Delivery]) {
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
                items: catalog
            )
        )
        // Everyone gets the new frame (with any events not yet delivered), the newcomer after its welcome.
        let frame = nextFrame()
        journal.append(.join(client: client), at: now - createdAt)
        checkpointIfAtRest(now: now)
        return (
            client,
            [.client(client, welcome), .everyone(.frame(frame)), .everyone(members.list)]
                + recorder.limitReached(at: time, journal: journal, origin: origin)
        )
    }

    /// Removes a viewer. A gesture it owned is cancelled, so the carousel settles.
    mutating func leave(client: Int, now: Duration) -> [Delivery] {
        catchUp(now)
        guard members.remove(client, now: now) else { return [] }
        ownership.forget(client)
        var deliveries: [Delivery] = []
        if engine.activePointerID == client {
            _ = try? handle(.pointer(PointerEvent(.cancel, pointerID: client, x: 0, timestamp: 0)))
            ownership.gestureEnded()
            deliveries.append(.everyone(.frame(nextFrame())))
        }
        journal.append(.leave(client: client), at: now - createdAt)
        updateVisibility()
        deliveries.append(.everyone(members.list))
        checkpointIfAtRest(now: now)
        return deliveries + recorder.limitReached(at: time, journal: journal, origin: origin)
    }
}
