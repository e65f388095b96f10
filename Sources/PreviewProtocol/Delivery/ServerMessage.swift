import CarouselCore
import PreviewMedia
import PreviewWire

/// A message from the server.
public enum ServerMessage: Equatable, Sendable {
    case welcome(Welcome)
    case frame(FrameMessage)
    /// The session's configuration after a change, with its items when they changed (`nil`: the
    /// viewers' items stand, so a slider's drag does not resend a thousand cards each step); `by`
    /// names the client whose `configure` or `command` made it (none when a replay's end restores
    /// the session's own).
    case config(SessionConfiguration, items: [CatalogItem]?, by: Int?)
    /// How many watch, and who: the first `SessionMembership.listedViewerLimit` by client number.
    case viewers(count: Int, listed: [ViewerSummary])
    case pong(id: JSONValue, time: Double)
    case export(ConfigurationExport)
    /// Recording started or stopped, for every viewer.
    case recordState(isRecording: Bool, client: Int, time: Double)
    /// A finished recording, for the viewer who stopped it.
    case recording(JSONValue)
    /// A live replay began (at `speed`, lasting `durationMs` of session time) or finished: at its
    /// end, or stopped by client `stoppedBy`.
    /// `playedMs`: how much of it has played, for a viewer who joins while it plays (nil: none yet).
    case replayStarted(speed: Double, durationMs: Double, playedMs: Double? = nil)
    case replayFinished(stoppedBy: Int?)
    /// The replay was paused, stepped, resumed or moved by client `by` (nil: none, for a joiner):
    /// it now holds (`isPaused`) or plays on from `playedMs` of the recording's time.
    case replayPosition(isPaused: Bool, playedMs: Double, by: Int?)
    /// The session's carousel scored over the server's gesture corpus, for the viewer who asked:
    /// each gesture's measures and verdict (`FeelReport.json`'s `gestures`), and the line that sums
    /// them up (`FeelReport.summary`).
    case feel(gestures: JSONValue, summary: String)
    /// Where a replayed finger was: sent before the frame its pointer message made.
    case ghost(client: Int, phase: PointerEvent.Kind, x: Double, y: Double)
    case error(ProtocolError)
    /// A named variant was saved (added or replaced) or deleted, by client `by`.
    case variantSaved(Variant, by: Int)
    case variantDeleted(name: String, by: Int)
    /// An uploaded image was checked and kept, for the viewer who sent it: its item `image`
    /// (`media:` and its SHA-256), what it is and its size.
    case imageStored(name: String, image: String, info: ImageInfo, bytes: Int)
    /// A recording drawn as an animated image and kept among the session's images, for the viewer
    /// who asked: its `media:` name and what it is.
    case rendered(image: String, RenderedAnimation)
    /// Where the asker's render stands in the server's line: 0 when it is being drawn now, else how
    /// many renders are drawn before it (the asker is told again each time that changes).
    case renderQueued(place: Int)
    /// The calls a session's engine went through, for a page that runs the engine in place of
    /// frames (`EngineStream`): from a new engine when `isStart`, else on from the last batch; the
    /// session's time after them.
    /// `changes`: the calls hold more than time (a page that drew past them redraws the motion).
    case engine(
        isStart: Bool,
        time: Duration,
        calls: [UInt8],
        input: AppliedInput? = nil,
        changes: Bool = true,
        now: Duration? = nil,
        from: Duration? = nil
    )

    /// The message's text.
    public var encoded: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .welcome(let welcome):
            writer.key("type"); writer.string("welcome")
            welcome.writeMembers(to: &writer)
            Self.writeCatalog(config: welcome.config, items: welcome.items, to: &writer)
        case .frame(let message):
            writer.key("type"); writer.string("frame")
            message.writeMembers(to: &writer)
        case .config(let config, let items, let client):
            writer.key("type"); writer.string("config")
            if let client { writer.key("by"); writer.integer(client) }
            Self.writeCatalog(config: config, items: items, to: &writer)
        case .viewers(let count, let listed):
            writer.key("type"); writer.string("viewers")
            writer.key("count"); writer.integer(count)
            writer.key("viewers")
            writer.beginArray()
            for viewer in listed {
                writer.beginObject()
                writer.key("client"); writer.integer(viewer.client)
                writer.key("input")
                if let input = viewer.input { writer.string(input.rawValue) } else { writer.null() }
                if let name = viewer.name { writer.key("name"); writer.string(name.text) }
                writer.endObject()
            }
            writer.endArray()
        case .pong(let id, let time):
            writer.key("type"); writer.string("pong")
            writer.key("id"); writer.value(id)
            writer.key("time"); writer.number(time)
        case .export(let export):
            writer.key("type"); writer.string("export")
            writer.key("swift"); writer.string(export.swift)
            writer.key("configure"); writer.value(export.configure)
            writer.key("settings"); writer.value(export.settings)
            writer.key("handover"); writer.value(.array(export.handover.map(\.json)))
            writer.key("images"); writer.value(.array(export.images.map(\.json)))
        case .recordState(let isRecording, let client, let time):
            writer.key("type"); writer.string("record")
            writer.key("state"); writer.string(isRecording ? "started" : "stopped")
            writer.key("client"); writer.integer(client)
            writer.key("time"); writer.number(time)
        case .recording(let recording):
            writer.key("type"); writer.string("recording")
            writer.key("recording"); writer.value(recording)
        case .replayStarted(let speed, let durationMs, let playedMs):
            writer.key("type"); writer.string("replay")
            writer.key("state"); writer.string("started")
            writer.key("speed"); writer.number(speed)
            writer.key("durationMs"); writer.number(durationMs)
            if let playedMs { writer.key("playedMs"); writer.number(playedMs) }
        case .replayFinished(let stopper):
            writer.key("type"); writer.string("replay")
            writer.key("state"); writer.string("finished")
            // Only when stopped, so a replay that played to its end reads as before.
            if let stopper {
                writer.key("stopped"); writer.bool(true)
                writer.key("client"); writer.integer(stopper)
            }
        case .feel(let gestures, let summary):
            writer.key("type"); writer.string("feel")
            writer.key("gestures"); writer.value(gestures)
            writer.key("summary"); writer.string(summary)
        case .replayPosition(let isPaused, let playedMs, let client):
            writer.key("type"); writer.string("replay")
            writer.key("state"); writer.string(isPaused ? "paused" : "playing")
            writer.key("playedMs"); writer.number(playedMs)
            if let client { writer.key("client"); writer.integer(client) }
        case .imageStored(let name, let image, let info, let bytes):
            writer.key("type"); writer.string("image")
            writer.key("name"); writer.string(name)
            writer.key("image"); writer.string(image)
            writer.key("format"); writer.string(info.format.rawValue)
            writer.key("width"); writer.integer(info.width)
            writer.key("height"); writer.integer(info.height)
            writer.key("bytes"); writer.integer(bytes)
        case .rendered(let image, let animation):
            writer.key("type"); writer.string("rendered")
            writer.key("image"); writer.string(image)
            writer.key("format"); writer.string(animation.format.rawValue)
            writer.key("frames"); writer.integer(animation.frames)
            writer.key("width"); writer.integer(animation.width)
            writer.key("height"); writer.integer(animation.height)
            writer.key("bytes"); writer.integer(animation.bytes.count)
        case .renderQueued(let place):
            writer.key("type"); writer.string("renderQueued")
            writer.key("place"); writer.integer(place)
        case .ghost(let client, let phase, let x, let y):
            writer.key("type"); writer.string("ghost")
            writer.key("client"); writer.integer(client)
            writer.key("phase"); writer.string(phase.rawValue)
            writer.key("x"); writer.number(x)
            writer.key("y"); writer.number(y)
        case .engine(let isStart, let time, let calls, let input, let changes, let now, let from):
            writer.key("type"); writer.string("engine")
            if isStart { writer.key("start"); writer.bool(true) }
            if !changes { writer.key("timeOnly"); writer.bool(true) }
            writer.key("time"); writer.number(time.milliseconds)
            // A start, or time alone, that stands behind the session (time gathered since its last
            // call): where the session is, so a page's clock starts there, not that far behind.
            if let now, now != time { writer.key("now"); writer.number(now.milliseconds) }
            // A batch held for the ones after it: when its first change was (a page that drew past
            // that redraws, and draws that much further behind from then on).
            if let from, from < time { writer.key("from"); writer.number(from.milliseconds) }
            writer.key("calls"); writer.string(Base64.encode(calls))
            // The viewer's message the batch answers, applied or not: a page's prediction of it ends.
            if let input {
                writer.key("input")
                input.write(to: &writer)
            }
        case .variantSaved(let variant, let client):
            writer.key("type"); writer.string("variant")
            writer.key("saved"); writer.value(variant.json)
            writer.key("by"); writer.integer(client)
        case .variantDeleted(let name, let client):
            writer.key("type"); writer.string("variant")
            writer.key("deleted"); writer.string(name)
            writer.key("by"); writer.integer(client)
        case .error(let error):
            writer.key("type"); writer.string("error")
            writer.key("code"); writer.string(error.code.rawValue)
            writer.key("message"); writer.string(error.message)
            writer.key("ref")
            if let ref = error.ref { writer.string(ref) } else { writer.null() }
            // Only when the error is about one member, so the other errors read as before.
            if let field = error.field { writer.key("field"); writer.string(field) }
            if let refused = error.refused { writer.key("refused"); writer.string(refused) }
        }
        writer.endObject()
    }

    private static func writeCatalog(config: SessionConfiguration, items: [CatalogItem]?, to writer: inout JSONWriter) {
        writer.key("config"); writer.value(config.json)
        guard let items else { return }
        writer.key("items")
        writer.beginArray()
        for item in items { writer.value(item.json) }
        writer.endArray()
    }
}
