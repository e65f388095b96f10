/// A recording a viewer asked to have drawn as an animated image (`{"type":"render"}`): what the
/// transport hands its render worker, off the event loop, and what comes back.
public struct RenderRequest: Equatable, Sendable {
    /// The connection that asked, and its session (the answer is kept among that session's images).
    public let connection: Int
    public let session: String
    public let recording: Recording
    public let format: AnimationFormat
    /// The bytes of the session's uploaded images that the recording's items name, by the item
    /// `image` that names them (`media:HASH`); other images come from `public/`.
    public let images: [String: [UInt8]]

    public static func == (lhs: RenderRequest, rhs: RenderRequest) -> Bool {
        lhs.connection == rhs.connection && lhs.session == rhs.session && lhs.recording == rhs.recording
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
