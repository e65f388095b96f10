import PreviewMedia
import PreviewRecording
import PreviewWire

/// Images a viewer uploads for its session's items: an `image` message announces the size, binary
/// messages carry the bytes, and the server answers `image` with the item `image` that names it
/// (`media:` and its SHA-256) once checked (`ImageInspector`), or an error saying why not. The
/// announced size is reserved in the session's and the server's budgets from the start, so uploads
/// under way, however many and however slow, never take more than the budgets hold; an upload whose
/// next part does not come within `imagePartTimeout` is given up.
extension PreviewHub {
    static let imagePartTimeout = Duration.seconds(10)

    /// The `image` message: a new upload for the sender's session (one a connection at a time; a
    /// new one gives up the one under way).
    mutating func beginImage(name: String, bytes: Int, from connection: Int, now: Duration) -> [TransportAction] {
        guard var member = members[connection] else { return [] }
        dropImage(of: connection, member: &member)
        members[connection] = member
        let media = limits.media
        guard bytes <= media.imageBytes else {
            return refuseImage(
                connection,
                .invalidValue,
                "\(name.isEmpty ? "the image" : name) is \(MemoryFootprint.describe(bytes)); an image may be at most \(MemoryFootprint.describe(media.imageBytes))"
            )
        }
        let uploading = uploadsUnderWay(in: member.session)
        let room =
            update(member.session) { hosted in
                let dropped = hosted.session.media.makeRoom(
                    for: bytes + uploading,
                    within: media.sessionBytes,
                    keeping: hosted.session.itemsHoldingImages
                )
                return (dropped: dropped, fits: hosted.session.media.bytes + uploading + bytes <= media.sessionBytes)
            } ?? (dropped: [String](), fits: false)
        room.dropped.forEach { mediaStore.release($0) }
        let sessionRoom = room.fits
        guard sessionRoom else {
            return refuseImage(
                connection,
                .serverFull,
                "this session's images take its whole budget (\(MemoryFootprint.describe(media.sessionBytes))); remove some items' images first"
            )
        }
        guard mediaStore.bytes + imageUploadBytes + bytes <= media.serverBytes else {
            return refuseImage(
                connection,
                .serverFull,
                "the server's budget for images (\(MemoryFootprint.describe(media.serverBytes))) is taken; try again later"
            )
        }
        if let address = member.address, mediaStore.bytesByAddress[address, default: 0] + bytes > media.addressBytes {
            return refuseImage(
                connection,
                .serverFull,
                "the images from this address take its share of the server's (\(MemoryFootprint.describe(media.addressBytes))); remove some first"
            )
        }
        member.image = ImageUpload(name: name, declared: bytes)
        members[connection] = member
        imageUploadBytes += bytes
        imageDeadlines[connection] = now + Self.imagePartTimeout
        return []
    }

    /// A binary message: the next part of this connection's image.
    public mutating func receiveBinary(_ connection: Int, bytes: ArraySlice<UInt8>, now: Duration) -> HubResponse {
        guard var member = members[connection] else { return HubResponse(actions: [], nextDeadline: nil) }
        switch member.limiter.admit(at: now) {
        case .accept: break
        case .rejectSilently, .rejectAndWarn:
            // A part dropped would leave a hole in the image: the upload ends here.
            members[connection] = member
            guard member.image != nil else { return HubResponse(actions: [], nextDeadline: nil) }
            return response(
                refuseImage(
                    connection,
                    .rateLimited,
                    "more than \(Int(member.limiter.rate)) messages per second; the upload stopped"
                ),
                in: member.session,
                now: now
            )
        }
        members[connection] = member
        guard var upload = member.image else {
            let error = ProtocolError(
                .badMessage,
                "a binary message carries an image's bytes after an image message announced them; send JSON text otherwise",
                ref: nil
            )
            return HubResponse(
                actions: [.error(error, to: connection)],
                nextDeadline: nil
            )
        }
        // Nothing else holds the bytes while the part goes in, so it goes in place: shared with the
        // table's copy, each 16 KiB part would copy the whole image (8 MiB, five hundred times over).
        member.image = nil
        members[connection]?.image = nil
        let appended = upload.append(bytes)
        member.image = upload
        members[connection]?.image = upload
        guard appended else {
            return response(
                refuseImage(connection, .invalidValue, "more bytes came than the \(upload.declared) announced"),
                in: member.session,
                now: now
            )
        }
        guard upload.isComplete else {
            member.image = upload
            members[connection] = member
            imageDeadlines[connection] = now + Self.imagePartTimeout
            return response([], in: member.session, now: now)
        }
        return response(store(upload, from: connection, member: member), in: member.session, now: now)
    }

    /// A complete upload goes to be judged off the loop; its bytes stay reserved until then. At most
    /// `maximumImagesBeingChecked` are judged at once across the server.
    private mutating func store(_ upload: ImageUpload, from connection: Int, member: Member) -> [TransportAction] {
        var member = member
        member.image = nil
        members[connection] = member
        imageDeadlines[connection] = nil
        guard imagesBeingChecked < Self.maximumImagesBeingChecked else {
            imageUploadBytes -= upload.declared
            return refuseImage(connection, .serverFull, "the server is checking other images; send it again shortly")
        }
        imagesBeingChecked += 1
        let check = ImageCheck(
            connection: connection,
            session: member.session,
            name: upload.name,
            bytes: upload.received,
            hash: upload.hexDigest,
            limits: limits.media
        )
        return [.checkImage(check)]
    }

    /// The most uploads judged off the loop at once, across the server (each holds its bytes).
    static let maximumImagesBeingChecked = 4

    /// An upload was judged off the loop: it is kept in its session's library and named to its
    /// sender, or the sender hears why not. Nothing when the sender has gone.
    public mutating func imageChecked(_ outcome: ImageCheckOutcome, now: Duration) -> HubResponse {
        let check = outcome.check
        imagesBeingChecked -= 1
        imageUploadBytes -= check.bytes.count
        guard let member = members[check.connection], member.session == check.session else {
            return HubResponse(actions: [], nextDeadline: nil)
        }
        guard let info = outcome.info else {
            let refusal = outcome.refusal ?? ImageRefusal("the image could not be judged")
            let named = check.name.isEmpty ? "the image" : check.name
            let error = ProtocolError(
                refusal.construct == nil ? .invalidValue : .imageRefused,
                "\(named) was not kept: \(refusal.message)",
                ref: "image",
                refused: refusal.construct
            )
            return response(
                [.send(connection: check.connection, OutgoingMessage(.error(error)))],
                in: member.session,
                now: now
            )
        }
        keep(
            MediaLibrary.Asset(bytes: check.bytes, info: info, hash: check.hash),
            in: member.session,
            chargedTo: member.address
        )
        let stored = ServerMessage.imageStored(
            name: check.name,
            image: MediaLibrary.scheme + check.hash,
            info: info,
            bytes: check.bytes.count
        )
        return response([.send(connection: check.connection, OutgoingMessage(stored))], in: member.session, now: now)
    }

    /// Keeps `asset` in `session`'s library: stored once by content across the server (a session
    /// that holds it already only makes it its newest), charged to `address` when new.
    mutating func keep(_ asset: MediaLibrary.Asset, in session: String, chargedTo address: String?) {
        guard let held = update(session, { $0.session.media.asset(asset.hash) }) else { return }
        let stored = held ?? mediaStore.hold(asset, chargedTo: address)
        update(session) { $0.session.media.add(stored) }
    }

    /// Gives up the image uploads whose next part is overdue at `now`, telling their senders.
    mutating func expireImages(now: Duration) -> [TransportAction] {
        var actions: [TransportAction] = []
        for (connection, deadline) in imageDeadlines where deadline <= now {
            actions += refuseImage(
                connection,
                .invalidValue,
                "the image's upload stopped: no part came for \(Int(Self.imagePartTimeout.milliseconds / 1000)) s; send it again"
            )
        }
        return actions
    }

    /// The image bytes `session`'s connections have announced and not yet sent in full.
    private func uploadsUnderWay(in session: String) -> Int {
        members.values.reduce(0) { total, member in
            member.session == session ? total + (member.image?.declared ?? 0) : total
        }
    }

    private mutating func dropImage(of connection: Int, member: inout Member) {
        guard let upload = member.image else { return }
        imageUploadBytes -= upload.declared
        imageDeadlines[connection] = nil
        member.image = nil
    }

    /// Ends this connection's upload, if any, and says why.
    private mutating func refuseImage(
        _ connection: Int,
        _ code: ProtocolError.Code,
        _ reason: String,
        refused: String? = nil
    ) -> [TransportAction] {
        if var member = members[connection] {
            dropImage(of: connection, member: &member)
            members[connection] = member
        }
        let error = ProtocolError(code, reason, ref: "image", refused: refused)
        return [.error(error, to: connection)]
    }
}

/// An uploaded image as the HTTP server hands it out.
public struct StoredImage: Sendable {
    public let bytes: [UInt8]
    public let mimeType: String

    public init(bytes: [UInt8], mimeType: String) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}

extension PreviewHub {
    /// The image `hash` names, when session `session` holds it: an image is served only to whoever
    /// names its session, as the session's frames are.
    /// The images of the settings file the server started from are every session's.
    public func storedImage(_ hash: String, inSession session: String) -> StoredImage? {
        guard let index = sessions.index(forKey: session),
            let asset = sessions.values[index].session.media.asset(hash) ?? start.images.asset(hash)
        else { return nil }
        return StoredImage(bytes: asset.bytes, mimeType: asset.info.format.mimeType)
    }

    /// The bytes every session's images take, with the uploads under way and the images of the
    /// server's settings file: what `/stats` reports.
    public var imageBytes: Int { mediaStore.bytes + imageUploadBytes + start.images.bytes }

    /// What a new session takes from a link's `own=SESSION`: that session's own items and their
    /// images, or why not (the session is not here, its items are not its own any more, or the
    /// server's image budget cannot hold the copy's count).
    func ownItems(from source: String) -> Result<OwnItems, FieldProblem> {
        func problem(_ message: String) -> Result<OwnItems, FieldProblem> {
            .failure(FieldProblem(field: "own", path: "own", code: .conflict, message: message))
        }
        guard let index = sessions.index(forKey: source) else {
            return problem(
                "own: session \"\(source)\" is not on this server (it ended, or the link is from another server): its items are not here"
            )
        }
        let session = sessions.values[index].session
        // Its own items, also while it shows a bundled set: they are kept, so they can be copied.
        let items = session.ownItemsToCopy
        guard !items.isEmpty else {
            return problem("own: session \"\(source)\" has no items of its own")
        }
        let own = OwnItems(items, shownFrom: session.media)
        // The copy holds the same images, stored once: only those no session holds any more count.
        let added = own.media.all.filter { !mediaStore.contains($0.hash) }.reduce(0) { $0 + $1.bytes.count }
        guard mediaStore.bytes + imageUploadBytes + added <= limits.media.serverBytes else {
            return problem("own: the server's budget for images is taken; try again later")
        }
        return .success(own)
    }
}
