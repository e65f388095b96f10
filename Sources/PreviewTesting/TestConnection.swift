/// One client's end of a connection to a preview server, real or in-process: what a `TestViewer`
/// speaks through, so one test reads the same against either.
public protocol TestConnection: AnyObject {
    /// Sends one text message.
    func send(_ text: String) throws
    /// The next message or close. In-process nothing can arrive unasked, so an empty queue fails at
    /// once; a live connection waits up to `timeout` seconds.
    func receive(timeout: Double) throws -> TestConnectionEvent
    /// Leaves: the server sees the connection close.
    func close()
}

/// What a connection delivers.
public enum TestConnectionEvent: Equatable, Sendable {
    case text(String)
    case close(code: UInt16?, reason: String)
}

/// A server that tests connect viewers to.
public protocol TestServer {
    /// Connects a viewer with `query` (without the leading `?`).
    func connect(_ query: String) throws -> TestViewer
}

extension TestServer {
    public func connect() throws -> TestViewer { try connect("") }

    /// A viewer that has read its welcome, first frame and viewer count.
    public func joined(_ query: String) throws -> TestViewer {
        let viewer = try connect(query)
        try viewer.handshake()
        return viewer
    }
}

/// Why a viewer got something other than what the test waited for.
public enum ViewerError: Error, CustomStringConvertible {
    case unexpected(String)
    /// In-process: the test asked for a message no input had produced.
    case nothingPending

    public var description: String {
        switch self {
        case .unexpected(let what): "unexpected: \(what)"
        case .nothingPending: "no message is waiting"
        }
    }
}
