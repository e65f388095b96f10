/// What each kind of client message carries, as docs/reference/messages.md lists it: the decoder
/// (`ClientMessage+Decoding.swift`) is held to this table by a test (each example decodes, each
/// required member is required, each typed member refuses a value of another type, naming itself).
extension MessageKind {
    /// One member of a message.
    public struct Member: Sendable {
        public let name: String
        /// The values it takes, as a reader would write them: "number", "mouse | touch | pen".
        public let values: String
        public let isRequired: Bool
        /// Whether any other JSON type is refused naming the member (false for a member that takes any value).
        public let isTyped: Bool
        public let about: String

        init(_ name: String, _ values: String, required: Bool = false, typed: Bool = true, _ about: String) {
            self.name = name
            self.values = values
            isRequired = required
            isTyped = typed
            self.about = about
        }
    }

    private static let seq = Member(
        "seq",
        "whole number",
        "echoed in the `input` of the frame the message makes (see Frames)"
    )

    static let at = Member(
        "at",
        "number",
        "the session time (ms) a page that runs the engine applied it at; a live session applies it there when nothing else happened since (see The engine stream)"
    )

    /// The members beside `type`.
    public var members: [Member] {
        switch self {
        case .pointer:
            [
                Member("phase", "down | move | up | cancel", required: true, "what the finger did"),
                Member("x", "number", required: true, "where, in pt of the carousel's viewport"),
                Member("y", "number", required: true, "where, in pt of the carousel's viewport"),
                Member("t", "number", required: true, "when, in ms (the browser's event time)"),
                Self.seq,
                Member("pointerType", "mouse | touch | pen", "what the finger is; shown to the other viewers"),
                Self.at,
            ]
        case .wheel:
            [
                Member("dx", "number", required: true, "horizontal scroll in pt (a browser's `deltaMode` 0)"),
                Member("dy", "number", required: true, "vertical scroll in pt"),
                Member("t", "number", required: true, "when, in ms"),
                Self.seq,
                Self.at,
            ]
        case .command:
            [
                Member("name", "next | prev | goto | autoscroll", required: true, "what to do"),
                Member("index", "whole number", "`goto`'s item (required there)"),
                Member("animated", "true | false", "`goto`: spring there (default) or jump"),
                Member("enabled", "true | false", "`autoscroll`: on or off (required there)"),
                Self.seq,
            ]
        case .configure:
            [
                Member("config", "object", typed: false, "the fields to change (docs/reference/configuration.md)"),
                Member("items", "array of items", typed: false, "a new catalog (card, photo or text items)"),
                Member("itemCount", "whole number", "as many of the content's items; not with `items`"),
                Self.seq,
            ]
        case .visibility:
            [Member("hidden", "true | false", required: true, "the page is hidden (auto-scroll pauses)"), Self.seq]
        case .advance:
            [Member("ms", "number", required: true, "the time to let pass, more than 0 and at most 10000"), Self.seq]
        case .ping:
            [Member("id", "any JSON", typed: false, "repeated in the `pong`; at most 64 bytes as JSON")]
        case .export, .feel: []
        case .record:
            [Member("action", "start | stop", required: true, "start or stop recording the session")]
        case .replay:
            [
                Member("gesture", "last", "replay the session's own last gesture"),
                Member("recording", "object", typed: false, "a whole recording that fits in one message"),
                Member("part", "string", "a part of a recording's text, sent in order"),
                Member("last", "true | false", "whether `part` is the recording's last"),
                Member("speed", "number", "0.1 to 1 (default 1), with `gesture`, `recording` or the last `part`"),
                Member(
                    "action",
                    "stop | pause | resume | step | seek",
                    "ask the replay playing; alone, but for seek's `ms`"
                ),
                Member("ms", "number", "`seek`: the recording's time to go to, 0 to the replay's `durationMs`"),
            ]
        case .name:
            [Member("name", "string", required: true, "this viewer's short name; \"\" for none")]
        case .image:
            [
                Member(
                    "bytes",
                    "whole number",
                    required: true,
                    "the image's size; its bytes follow as binary messages"
                ),
                Member("name", "string", "the file's name, said back in the answer"),
            ]
        case .render:
            [
                Member("format", "webp | gif", "the animated image to make (default webp)"),
                Member("recording", "object", typed: false, "a whole recording that fits in one message"),
                Member("part", "string", "a part of a recording's text, sent in order"),
                Member("last", "true | false", "whether `part` is the recording's last: it asks for the render"),
            ]
        case .variant:
            [
                Member("action", "save | delete", required: true, "keep a named variant, or forget one"),
                Member("name", "string", required: true, "1 to 40 printable characters; a save replaces its namesake"),
                Member(
                    "config",
                    "object",
                    typed: false,
                    "`save`: a configuration with its `preset` (default: the session's)"
                ),
                Member("itemCount", "whole number", "`save`: 0 to 1000 (default: the session's)"),
            ]
        }
    }

    /// A whole message of this kind, as the reference shows it.
    public var example: String {
        switch self {
        case .pointer: #"{"type":"pointer","phase":"down","x":200,"y":90,"t":1000,"seq":1,"pointerType":"touch"}"#
        case .wheel: #"{"type":"wheel","dx":40,"dy":0,"t":1000,"seq":2}"#
        case .command: #"{"type":"command","name":"goto","index":3,"animated":true,"seq":3}"#
        case .configure: #"{"type":"configure","config":{"spacing":12},"itemCount":8,"seq":4}"#
        case .visibility: #"{"type":"visibility","hidden":true,"seq":5}"#
        case .advance: #"{"type":"advance","ms":16,"seq":6}"#
        case .ping: #"{"type":"ping","id":7}"#
        case .export: #"{"type":"export"}"#
        case .feel: #"{"type":"feel"}"#
        case .record: #"{"type":"record","action":"start"}"#
        case .replay: #"{"type":"replay","gesture":"last","speed":0.25}"#
        case .name: #"{"type":"name","name":"Ana"}"#
        case .image: #"{"type":"image","bytes":48213,"name":"beach.png"}"#
        case .variant: #"{"type":"variant","action":"save","name":"v2 faster settle"}"#
        case .render:
            #"{"type":"render","format":"gif","part":"{\"format\":\"carousel-preview/recording\",…","last":false}"#
        }
    }
}
