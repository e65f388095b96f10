import PreviewWire

/// One way a kind of client message is used, and what the server sends back when it takes it, in
/// order: to the viewer who sent it and to the session's other viewers.
public struct MessageAnswer: Sendable {
    /// What the client sent, in words.
    public let when: String
    public let sender: [Reply]
    public let others: [Reply]

    /// One answer: a message of a `type` (a replay's named with its `state`), or a replay's
    /// recorded steps, each a `frame`, after a `ghost` where the step is a pointer event.
    public enum Reply: Sendable, Equatable {
        case message(String)
        case steps
    }
}

/// What each kind of message is answered with, in a manual-clock session: docs/reference/messages.md
/// writes it under each kind, and AnswerOrderTests plays every row with a second viewer watching and
/// holds the hub to it. Any message may instead be answered with one `error` to its sender alone.
extension MessageKind {
    public var answers: [MessageAnswer] {
        let frame = MessageAnswer.Reply.message("frame")
        func both(_ when: String, _ replies: MessageAnswer.Reply...) -> MessageAnswer {
            MessageAnswer(when: when, sender: replies, others: replies)
        }
        func senderOnly(_ when: String, _ replies: MessageAnswer.Reply...) -> MessageAnswer {
            MessageAnswer(when: when, sender: replies, others: [])
        }
        switch self {
        case .pointer:
            return [
                both("the viewer's first, or of another `pointerType` than its last", frame, .message("viewers")),
                both("any other", frame),
            ]
        case .wheel: return [both("along the carousel's axis", frame)]
        case .command: return [both("any `name`", frame)]
        case .configure: return [both("any change", .message("config"), frame)]
        case .visibility: return [both("hidden or shown", frame)]
        case .advance: return [both("no replay playing", frame)]
        case .ping: return [senderOnly("any", .message("pong"))]
        case .export: return [senderOnly("any", .message("export"))]
        case .feel: return [senderOnly("a server with a corpus", .message("feel"))]
        case .record:
            return [
                both("`start`", .message("record")),
                MessageAnswer(
                    when: "`stop`",
                    sender: [.message("recording"), .message("record")],
                    others: [.message("record")]
                ),
            ]
        case .replay:
            return [
                both(
                    "`gesture` `last`, with the `advance`s that play it to its end",
                    .message("replay started"),
                    .steps,
                    .message("replay finished"),
                    .message("config"),
                    frame
                )
            ]
        case .name: return [both("any", .message("viewers"))]
        case .image: return [senderOnly("its last binary part", .message("image"))]
        case .variant: return [both("`save`", .message("variant")), both("`delete`", .message("variant"))]
        case .render:
            return [
                senderOnly("its last part", .message("renderQueued")),
                senderOnly("then, once it is drawn", .message("rendered")),
            ]
        }
    }
}
