/// How much of the server an uploaded image may take: its bytes, its declared size (a tiny file can
/// declare a picture that takes gigabytes to decode), and what a session and the whole server keep.
public struct MediaLimits: Equatable, Sendable {
    /// The largest upload, in bytes.
    public var imageBytes = 8 * 1024 * 1024
    /// The largest SVG, in bytes: text that the server reads through, and that a browser parses.
    public var svgBytes = 1024 * 1024
    /// The longest side, in pixels.
    public var side = 8192
    /// The most pixels (a 8192 x 4096 picture; decoded, 128 MiB of RGBA).
    public var pixels = 8192 * 4096
    /// What one session's images may take together, uploads under way included.
    public var sessionBytes = 32 * 1024 * 1024
    /// What every session's images may take together, uploads under way included.
    public var serverBytes = 256 * 1024 * 1024
    /// What the images one address beyond loopback brought may take together, across its sessions
    /// (a quarter of the server's): one machine on the network cannot take every session's room.
    /// Images are counted once by content (`MediaStore`), to the address that first brought them.
    public var addressBytes = 64 * 1024 * 1024

    public init() {}
}
