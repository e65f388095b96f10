import PreviewMedia
import PreviewWire

/// A recording drawn as an animated image for the page's "Download as animation": the recording
/// comes as a replay's does (whole, or in parts), the hub checks it and hands it to the transport
/// as a `render` action (the drawing runs off the event loop, one at a time for the whole server),
/// and the outcome comes back to `rendered`, which keeps the file among the session's images and
/// tells the viewer its `media:` name, or says why not.
extension PreviewHub {
    /// `{"type":"render",...}`: a part of the recording; the last one asks for the render.
    mutating func receiveRender(
        _ source: ClientMessage.ReplaySource,
        format: AnimationFormat,
        from connection: Int,
        now: Duration
    ) -> [TransportAction] {
        guard let member = members[connection], case .part(let part, let isLast) = source else { return [] }
        let text: String
        switch receiveRecordingPart(part, isLast: isLast, for: .render, from: connection, now: now) {
        case .waiting: return []
        case .refused(let actions): return actions
        case .complete(let complete): text = complete
        }
        func refuse(_ code: ProtocolError.Code, _ reason: String) -> [TransportAction] {
            [.error(ProtocolError(code, reason, ref: "render"), to: connection)]
        }
        // A render costs the server far more than the message: it shares the session's allowance
        // for costly messages, and the worker draws one at a time.
        guard update(member.session, { $0.admitCostly(now: now) }) == true else {
            return refuse(.rateLimited, RateLimiter.broadcastRefusal(for: "render"))
        }
        // The recording is read by the render's worker, off the loop (a 16 MiB one takes seconds):
        // here only the session's uploaded images it names are found (a render reads the rest from
        // public/, as the page does).
        let named = MediaLibrary.names(in: text)
        let images: [String: [UInt8]] =
            update(member.session) { hosted in
                var images: [String: [UInt8]] = [:]
                for image in named {
                    guard let hash = MediaLibrary.hash(inImage: image), let asset = hosted.session.media.asset(hash)
                    else { continue }
                    images[image] = asset.bytes
                }
                return images
            } ?? [:]
        let request = RenderRequest(
            ticket: renderLine.takeTicket(),
            connection: connection,
            session: member.session,
            recordingText: text,
            format: format,
            images: images
        )
        switch renderLine.join(request) {
        case .success(.draw(let request)): return drawing(request)
        case .success(.wait(let place)):
            return [.send(connection: connection, OutgoingMessage(.renderQueued(place: place)))]
        case .failure(.sessionHasOne):
            return refuse(
                .rateLimited,
                "this session has a render drawn or waiting already; one at a time, wait for its answer"
            )
        case .failure(.full):
            return refuse(
                .serverFull,
                "\(RenderLine.maximumWaiting) renders are waiting on this server; try again in a minute"
            )
        }
    }

    /// A render's turn came: the transport draws it, and its asker hears so.
    private func drawing(_ request: RenderRequest) -> [TransportAction] {
        [.render(request), .send(connection: request.connection, OutgoingMessage(.renderQueued(place: 0)))]
    }

    /// The line moved: the next render is drawn, and every waiting asker whose place changed hears
    /// their new place.
    private func actions(for advance: RenderLine.Advance) -> [TransportAction] {
        (advance.next.map(drawing) ?? [])
            + advance.moved.map {
                .send(connection: $0.request.connection, OutgoingMessage(.renderQueued(place: $0.place)))
            }
    }

    /// `connection` left: its render stops being drawn (its worker killed) or leaves the line.
    mutating func withdrawRenders(of connection: Int) -> [TransportAction] {
        let (stopped, advance) = renderLine.withdraw(connection: connection)
        return (stopped.map { [.cancelRender(ticket: $0.ticket)] } ?? []) + actions(for: advance)
    }

    /// What became of a render: the file kept in its session's images (within the image limits and
    /// budgets, as an upload is) and its name sent to the viewer who asked, or why not. Nothing
    /// when that viewer has gone.
    public mutating func rendered(_ outcome: RenderOutcome, now: Duration) -> HubResponse {
        let request = outcome.request
        let moved = actions(for: renderLine.finished(ticket: request.ticket))
        guard let member = members[request.connection], member.session == request.session else {
            return HubResponse(actions: moved, nextDeadline: nil)
        }
        func answer(_ message: ServerMessage) -> HubResponse {
            response(
                moved + [.send(connection: request.connection, OutgoingMessage(message))],
                in: member.session,
                now: now
            )
        }
        func refuse(_ code: ProtocolError.Code, _ reason: String) -> HubResponse {
            answer(.error(ProtocolError(code, reason, ref: "render")))
        }
        let animation: RenderedAnimation
        switch outcome.result {
        case .success(let made): animation = made
        case .failure(let refusal): return refuse(refusal.code, refusal.message)
        }
        let media = limits.media
        let size = animation.bytes.count
        guard size <= media.imageBytes else {
            return refuse(
                .invalidValue,
                "the animation is \(MemoryFootprint.describe(size)), past the \(MemoryFootprint.describe(media.imageBytes)) an image of the session may take; draw a shorter recording, or this one with carousel-preview render"
            )
        }
        let room =
            update(member.session) { hosted in
                let dropped = hosted.session.media.makeRoom(
                    for: size,
                    within: media.sessionBytes,
                    keeping: hosted.session.itemsHoldingImages
                )
                return (dropped: dropped, fits: hosted.session.media.bytes + size <= media.sessionBytes)
            } ?? (dropped: [String](), fits: false)
        room.dropped.forEach { mediaStore.release($0) }
        guard room.fits, mediaStore.bytes + imageUploadBytes + size <= media.serverBytes else {
            return refuse(.serverFull, "the images' budget has no room for the animation; try again later")
        }
        let hash = SHA256.hex(animation.bytes)
        let info = ImageInfo(format: animation.format.imageFormat, width: animation.width, height: animation.height)
        keep(
            MediaLibrary.Asset(bytes: animation.bytes, info: info, hash: hash),
            in: member.session,
            chargedTo: member.address
        )
        return answer(.rendered(image: MediaLibrary.scheme + hash, animation))
    }
}

extension AnimationFormat {
    /// The image format the file is, as the session's images name it.
    var imageFormat: ImageFormat {
        switch self {
        case .webp: .webp
        case .gif: .gif
        }
    }
}
