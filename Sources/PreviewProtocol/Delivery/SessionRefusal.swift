import CarouselCore
import PreviewRecording
import PreviewWire

/// Why a session refuses a message, each answered with an error to its sender alone: the code,
/// the sentence a person reads and the message it answers, written once.
enum SessionRefusal {
    /// Another viewer's finger owns the drag.
    case gestureBusy(owner: Int)
    /// A pointer `move`, `up` or `cancel` with no `down` before it.
    case pointerWithoutDown(PointerEvent.Kind)
    case secondPointerDown
    case commandWhileDragging
    case advanceOnLiveClock
    case alreadyRecording(since: Duration, client: Int)
    /// The journal was dropped, so there is nothing to record from.
    case journalDroppedForRecord(JournalDrop)
    /// The journal was dropped while recording: the recording ends with nothing to give.
    case journalDroppedWhileRecording(JournalDrop)
    case stopWithoutStart
    case recordingLimitReached
    /// The journal was dropped, so there is no gesture to replay from.
    case journalDroppedForReplay(JournalDrop)
    case noGestureYet
    case replayWhileDragging

    var error: ProtocolError {
        switch self {
        case .gestureBusy(let owner):
            ProtocolError(
                .gestureBusy,
                "client \(owner) is dragging; pointer messages are ignored until it lifts",
                ref: "pointer"
            )
        case .pointerWithoutDown(let phase):
            ProtocolError(.invalidValue, "pointer \(phase.rawValue) without a down: ignored", ref: "pointer")
        case .secondPointerDown:
            ProtocolError(.invalidValue, "a second pointer down without an up: ignored", ref: "pointer")
        case .commandWhileDragging:
            ProtocolError(.gestureBusy, "a finger is on the carousel; commands wait until it lifts", ref: "command")
        case .advanceOnLiveClock:
            ProtocolError(
                .notManualClock,
                "advance needs a session created with clock=manual; this one is live",
                ref: "advance"
            )
        case .alreadyRecording(let since, let client):
            ProtocolError(
                .invalidValue,
                "already recording since \(since.milliseconds) ms (started by client \(client)); send stop first",
                ref: "record"
            )
        case .journalDroppedForRecord(let reason):
            Self.dropped(
                reason,
                ref: "record",
                tooLargeFor: "to be recorded; record in a new session",
                sinceDropped: "there is nothing to record from; recording works again"
            )
        case .journalDroppedWhileRecording(let reason):
            Self.dropped(
                reason,
                ref: "record",
                tooLargeFor: "to go on recording, so the recording stopped; record in a new session",
                sinceDropped: "the recording stopped; recording works again"
            )
        case .stopWithoutStart:
            ProtocolError(.invalidValue, "record stop without a start: nothing is being recorded", ref: "record")
        case .recordingLimitReached:
            ProtocolError(
                .invalidValue,
                "the recording reached its limit (10 minutes of session time or 16 MiB) and stopped; what was recorded follows",
                ref: "record"
            )
        case .journalDroppedForReplay(let reason):
            Self.dropped(
                reason,
                ref: "replay",
                tooLargeFor: "to replay from; use a new session",
                sinceDropped: "there is no gesture to replay; a gesture can be replayed again"
            )
        case .noGestureYet:
            ProtocolError(.invalidValue, "there is no gesture to replay yet: drag the carousel first", ref: "replay")
        case .replayWhileDragging:
            ProtocolError(.gestureBusy, "a finger is on the carousel; replay the gesture once it lifts", ref: "replay")
        }
    }

    /// Why the journal is gone and what to do: the session outgrew its own limits (`tooLargeFor`
    /// says for what, and to start anew), or the server's budget took it (`sinceDropped` says what
    /// that means, until the carousel next comes to rest).
    private static func dropped(
        _ reason: JournalDrop,
        ref: String,
        tooLargeFor: String,
        sinceDropped: String
    )
        -> ProtocolError
    {
        switch reason {
        case .outgrewSession:
            ProtocolError(
                .invalidValue,
                "this session has taken too many steps (\(SessionJournal.maximumSteps)) or too much data (16 MiB of JSON or 32 MiB in memory) \(tooLargeFor)",
                ref: ref
            )
        case .serverBudget(let bytes):
            ProtocolError(
                .serverFull,
                "the server's memory budget for recordings (\(MemoryFootprint.describe(bytes))) was reached and this session's history was the largest, so it was dropped and \(sinceDropped) once the carousel next comes to rest",
                ref: ref
            )
        case .replaying:
            ProtocolError(.invalidValue, "a live replay's own session keeps no history", ref: ref)
        }
    }

    /// What answers `message` when applying it threw `error`: a protocol error names the message
    /// when it does not yet (one found deep in a value, a catalog's item, names none); an engine's
    /// refusal says which field it concerns.
    static func error(_ error: any Error, applying message: ClientMessage) -> ProtocolError {
        switch error {
        case let error as ProtocolError:
            error.ref == nil
                ? ProtocolError(error.code, error.message, ref: message.typeName, field: error.field) : error
        case let error as CarouselError:
            ProtocolError(.invalidValue, error.description, ref: message.typeName, field: error.protocolField)
        default:
            ProtocolError(.invalidValue, "\(error)", ref: message.typeName)
        }
    }
}
