/// How to run the preview server.
public struct ServerOptions: Sendable {
    /// The address to listen on, and only that one.
    public var host: String
    /// The TCP port; 0 picks a free one.
    public var port: Int
    /// The directory served over HTTP (absolute path).
    public var publicDirectory: String
    /// Live sessions step this many times a second.
    public var framesPerSecond: Int
    /// The banners every new session starts with.
    public var items: [BannerItem]

    /// Creates options; the defaults serve the bundled banners on 127.0.0.1:8080 at 60 fps.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        publicDirectory: String,
        framesPerSecond: Int = 60,
        items: [BannerItem] = BundledBanners.all
    ) {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
        self.framesPerSecond = framesPerSecond
        self.items = items
    }
}

/// Why the server could not start.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Binding failed: the port is taken, the address is not this machine's, or permission was denied.
    case cannotListen(host: String, port: Int)

    public var description: String {
        switch self {
        case .cannotListen(let host, let port):
            "cannot listen on \(host):\(port): the port may be in use, or the address is not one of this machine's"
        }
    }
}
