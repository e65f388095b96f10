import PreviewMedia
import PreviewWire

extension PreviewHub {
    /// A connection's place in its session.
    struct Member: Sendable {
        let session: String
        let client: Int
        var limiter: RateLimiter
        /// The parts of a recording received so far, for a replay or a render.
        var upload = ""
        /// What the recording being uploaded is for: `replay` or `render` (its errors' `ref`).
        var uploadKind = MessageKind.replay
        /// The peer's address when it counts toward a quota (beyond loopback).
        var address: String?
        /// An image arriving in binary messages (see `PreviewHub+Images.swift`).
        var image: ImageUpload?
    }
}
