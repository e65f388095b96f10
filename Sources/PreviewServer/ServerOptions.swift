import PreviewProtocol
import PreviewRecording
import PreviewWire

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
    /// The items new sessions start with: banners, and cards for the card feed.
    public var catalogs: ItemCatalogs
    /// The carousel a new session starts as unless its link says otherwise: the banner preset, or
    /// the settings file given with `--config`.
    public var start: SessionStart
    /// Browser origins allowed besides the server's own (`http://host:port` or `host:port`).
    public var allowedOrigins: [String]
    /// Connections beyond this are refused with a clear reason.
    public var maximumConnections: Int
    /// New sessions beyond this are refused with a clear reason.
    public var maximumSessions: Int
    /// A peer silent this long (no pong to the server's ping) is disconnected, in seconds.
    public var pingTimeout: Int
    /// How long a session outlives its last viewer.
    public var sessionLinger: Duration
    /// The memory every session's journal and every replay playing may take together, in MiB
    /// (`--journal-budget`); past it the largest journal is dropped (`PreviewHub.Limits.journalBudget`).
    public var journalBudgetMiB: Int
    /// Which of several processes behind one balancer this is, named in `welcome` and `/stats`;
    /// `nil` for a server on its own.
    public var worker: String?
    /// Host names besides loopback and the machine's own addresses that requests may name
    /// (`--allow-host`); one starting with "." allows its subdomains.
    public var allowedHosts: [String]
    /// Whether requests must carry an access token.
    public var token: TokenRequirement
    /// The address people reach the preview at when a proxy in front of it listens there (a
    /// cluster's nginx on 0.0.0.0 while this worker listens on loopback); `nil`: `host`.
    public var networkHost: String?
    /// The carousel-preview program that renders run in (`render-worker`); `nil`: this process's
    /// own program. A test process that is not carousel-preview names the built one.
    public var renderWorkerExecutable: String? = nil
    /// What libwebsockets waits on (`--event-loop`).
    public var eventLoop = ServerEventLoop.epoll

    /// A MiB in bytes, the unit of `journalBudgetMiB`.
    public static let mebibyte = 1024 * 1024

    /// Whether requests must carry an access token.
    public enum TokenRequirement: Sendable, Equatable {
        /// A new random token when listening beyond loopback; none on loopback.
        case automatic
        /// This token, wherever the server listens.
        case required(AccessToken)
        /// None even beyond loopback (`--no-token`): anyone who reaches the port drives the preview.
        case disabled
    }

    /// The defaults, the one place they are written: the init's defaults and the command's flags
    /// start from these. The bundled items on 127.0.0.1:8080 at 60 fps, with the hub's standard limits.
    public static let standard = ServerOptions(
        host: "127.0.0.1",
        port: 8080,
        publicDirectory: "public",
        framesPerSecond: 60,
        catalogs: .bundled,
        start: .banner,
        allowedOrigins: [],
        maximumConnections: PreviewHub.Limits.standard.maximumConnections,
        maximumSessions: PreviewHub.Limits.standard.maximumSessions,
        pingTimeout: 30,
        sessionLinger: PreviewHub.Limits.standard.sessionLinger,
        journalBudgetMiB: PreviewHub.Limits.standard.journalBudget / mebibyte,
        worker: nil,
        allowedHosts: [],
        token: .automatic,
        networkHost: nil
    )

    /// Creates options; what is not given is the standard value.
    public init(
        host: String = standard.host,
        port: Int = standard.port,
        publicDirectory: String,
        framesPerSecond: Int = standard.framesPerSecond,
        catalogs: ItemCatalogs = standard.catalogs,
        start: SessionStart = standard.start,
        allowedOrigins: [String] = standard.allowedOrigins,
        maximumConnections: Int = standard.maximumConnections,
        maximumSessions: Int = standard.maximumSessions,
        pingTimeout: Int = standard.pingTimeout,
        sessionLinger: Duration = standard.sessionLinger,
        journalBudgetMiB: Int = standard.journalBudgetMiB,
        worker: String? = standard.worker,
        allowedHosts: [String] = standard.allowedHosts,
        token: TokenRequirement = standard.token,
        networkHost: String? = standard.networkHost
    ) {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
        self.framesPerSecond = framesPerSecond
        self.catalogs = catalogs
        self.start = start
        self.allowedOrigins = allowedOrigins
        self.maximumConnections = maximumConnections
        self.maximumSessions = maximumSessions
        self.pingTimeout = pingTimeout
        self.sessionLinger = sessionLinger
        self.journalBudgetMiB = journalBudgetMiB
        self.worker = worker
        self.allowedHosts = allowedHosts
        self.token = token
        self.networkHost = networkHost
    }
}

/// Why the server could not start.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Binding failed: the port is taken, the address is not this machine's, or permission was denied.
    case cannotListen(host: String, port: Int)
    /// The directory to serve does not exist.
    case missingPublicDirectory(String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let port):
            "cannot listen on \(host):\(port): the port may be in use, or the address is not one of this machine's"
        case .missingPublicDirectory(let path):
            "the directory to serve, \(path), does not exist"
        }
    }
}

extension ServerOptions {
    /// Why `name` cannot be an `--allow-host` value, or `nil` when it can.
    public static func problem(withAllowedHost name: String) -> String? {
        HostPolicy.problem(withAllowedName: name)
    }
}
