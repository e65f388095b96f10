import PreviewMedia

/// An uploaded image whose bytes are all in, to be judged off the event loop: an SVG is parsed and
/// judged against the allow-list in time linear in its bytes, which for a 1 MiB file is tens of
/// milliseconds that every other viewer would wait. The hub hands it to the transport as a
/// `checkImage` action; the transport judges it on a thread of its own (`check()`) and gives the
/// outcome to the hub's `imageChecked`, which keeps it or says why not.
public struct ImageCheck: Equatable, Sendable {
    /// The connection that uploaded it, and its session.
    public let connection: Int
    public let session: String
    /// The name the viewer gave it, and its bytes (as many as were announced, and reserved).
    public let name: String
    public let bytes: [UInt8]
    /// The SHA-256 of the bytes, hashed as they came, in hexadecimal.
    public let hash: String
    let limits: MediaLimits

    /// Judges the bytes: what image they are, or why they are not kept.
    public func check() -> ImageCheckOutcome {
        do {
            return ImageCheckOutcome(check: self, info: try ImageInspector.inspect(bytes, limits: limits), refusal: nil)
        } catch {
            return ImageCheckOutcome(check: self, info: nil, refusal: error)
        }
    }
}

/// An `ImageCheck` and what judging it found.
public struct ImageCheckOutcome: Sendable {
    public let check: ImageCheck
    let info: ImageInfo?
    let refusal: ImageRefusal?
}
