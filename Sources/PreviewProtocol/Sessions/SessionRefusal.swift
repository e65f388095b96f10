import CarouselCore

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
    /// The journal outgrew its limits, so there is nothing to record from.
    case journalTooLargeToRecord
    case stopWithoutStart
    case recordingLimitReached
    /// The journal outgrew its limits, so there is nothing to replay from.
    case journalTooLargeToReplay
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
        case .journalTooLargeToRecord:
            ProtocolError(
                .invalidValue,
                "this session has taken too many steps (\(SessionJournal.maximumSteps)) or too much data (16 MiB) to be recorded; record in a new session",
                ref: "record"
            )
        case .stopWithoutStart:
            ProtocolError(.invalidValue, "record stop without a start: nothing is being recorded", ref: "record")
        case .recordingLimitReached:
            ProtocolError(
                .invalidValue,
                "the recording reached its limit (10 minutes of session time or 16 MiB) and stopped; what was recorded follows",
                ref: "record"
            )
        case .journalTooLargeToReplay:
            ProtocolError(
                .invalidValue,
                "this session has taken too many steps (\(SessionJournal.maximumSteps)) or too much data (16 MiB) to replay from; use a new session",
                ref: "replay"
            )
        case .noGestureYet:
            ProtocolError(.invalidValue, "there is no gesture to replay yet: drag the carousel first", ref: "replay")
        case .replayWhileDragging:
            ProtocolError(.gestureBusy, "a finger is on the carousel; replay the gesture once it lifts", ref: "replay")
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
