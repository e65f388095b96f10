import PreviewWire

/// A recording a viewer asked to have drawn as an animated image (`{"type":"render"}`): what the
/// transport hands its render worker, off the event loop, and what comes back.
public struct RenderRequest: Equatable, Sendable {
    /// Tells this render apart from every other on the server (`RenderLine`), so an outcome or a
    /// cancellation reaches the render it is about.
    public let ticket: Int
    /// The connection that asked, and its session (the answer is kept among that session's images).
    public let connection: Int
    public let session: String
    /// The recording as the viewer sent it: the render worker reads it, in a process of its own
    /// (a recording at the limits takes seconds to read, which the event loop must never spend).
    public let recordingText: String
    public let format: AnimationFormat
    /// The bytes of the session's uploaded images that the recording's items name, by the item
    /// `image` that names them (`media:HASH`); other images come from `public/`.
    public let images: [String: [UInt8]]

    public static func == (lhs: RenderRequest, rhs: RenderRequest) -> Bool {
        lhs.ticket == rhs.ticket && lhs.connection == rhs.connection && lhs.session == rhs.session
            && lhs.recordingText == rhs.recordingText
            && lhs.format == rhs.format && lhs.images.keys.sorted() == rhs.images.keys.sorted()
    }
}

/// What a render worker made of a `RenderRequest`.
public struct RenderOutcome: Sendable {
    public let request: RenderRequest
    public let result: Result<RenderedAnimation, RenderRefusal>

    public init(request: RenderRequest, result: Result<RenderedAnimation, RenderRefusal>) {
        self.request = request
        self.result = result
    }
}

/// An animated image a render made.
public struct RenderedAnimation: Equatable, Sendable {
    public let bytes: [UInt8]
    public let format: AnimationFormat
    /// Pictures, each 20 ms.
    public let frames: Int
    public let width: Int
    public let height: Int

    public init(bytes: [UInt8], format: AnimationFormat, frames: Int, width: Int, height: Int) {
        self.bytes = bytes
        self.format = format
        self.frames = frames
        self.width = width
        self.height = height
    }
}

/// Why a render was not made, for the viewer who asked.
public struct RenderRefusal: Error, Equatable, Sendable {
    public let code: ProtocolError.Code
    public let message: String

    public init(_ code: ProtocolError.Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
