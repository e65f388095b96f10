import ArgumentParser
import Foundation
import Logging
import PreviewProtocol
import PreviewRecording
import PreviewServer
import PreviewWire

/// `carousel-preview serve`: parses and checks the options, bootstraps logging, runs the server
/// until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve public/ over HTTP and the preview WebSocket at /ws on one port."
    )

    @Option(help: "The address to listen on, and only that one.")
    var host = ServerOptions.standard.host

    @Option(help: "The TCP port; 0 picks a free one and prints it.")
    var port = ServerOptions.standard.port

    @Option(name: .customLong("public"), help: "The directory of the page to serve.")
    var publicDirectory = ServerOptions.standard.publicDirectory

    @Option(help: "A JSON file with a list of banners {id, title, subtitle, image}; default: the bundled ones.")
    var items: String?

    @Option(
        help: ArgumentHelp(
            "A settings file (the page's \"Copy as JSON\") that new sessions start from instead of the banner preset; a link's values apply on top, a link's preset replaces it.",
            valueName: "file"
        )
    )
    var config: String?

    @Option(help: "How many times a second live sessions step (\(Self.shown(ServerOptions.framesPerSecondRange))).")
    var fps = ServerOptions.standard.framesPerSecond

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(help: "Also accept browsers from this origin (http://host:port); repeatable.")
    var allowOrigin: [String] = []

    @Option(
        name: .customLong("allow-host"),
        help:
            "Also answer requests for this host name (besides loopback and this machine's addresses); a leading dot allows subdomains; repeatable."
    )
    var allowHosts: [String] = []

    @Option(
        help:
            "The access token requests must carry (16-128 letters, digits, - . _ ~); default: \(Self.tokenVariable), else a random one when listening beyond loopback."
    )
    var token: String?

    @Flag(help: "Serve beyond loopback without a token: anyone who reaches the port drives the preview.")
    var noToken = false

    @Option(
        help: "The address a proxy in front listens on, for the page's network URLs (make cluster passes its --host)."
    )
    var networkHost: String?

    @Option(help: "Refuse connections beyond this many.")
    var maxConnections = ServerOptions.standard.maximumConnections

    @Option(help: "Refuse new sessions beyond this many.")
    var maxSessions = ServerOptions.standard.maximumSessions

    @Option(
        help:
            "Disconnect a peer that has not answered a ping for this many seconds (\(Self.shown(ServerOptions.pingTimeoutRange)))."
    )
    var pingTimeout = ServerOptions.standard.pingTimeout

    @Option(
        help: "How many seconds a session outlives its last viewer (\(Self.shown(ServerOptions.sessionLingerSeconds)))."
    )
    var sessionLinger = ServerOptions.standard.sessionLinger.components.seconds

    @Option(
        help:
            "MiB of memory every session's history (for recording and slow motion) and every replay playing may take together; past it the largest history is dropped (\(Self.shown(ServerOptions.journalBudgetMiBRange)))."
    )
    var journalBudget = ServerOptions.standard.journalBudgetMiB

    @Option(
        help:
            "Which worker this is, behind a load balancer (named in the welcome and /stats; letters, digits, - and _, at most 64)."
    )
    var worker: String?

    @Option(
        help:
            "What the server waits on: epoll (libev; a wake costs the sockets that are ready) or poll (libwebsockets' own; every wake scans every socket)."
    )
    var eventLoop = ServerOptions.standard.eventLoop

    @Flag(
        name: .customLong("ready-json"),
        help:
            "Print one JSON line once listening ({\"ready\":true,\"port\":P,\"local\":URL,\"network\":[...],\"tokenRequired\":B}) instead of the startup lines, for scripts."
    )
    var readyJSON = false

    func validate() throws {
        // The ranges are the server's own (ServerOptions.validate); the rest is about reading input.
        do {
            try options(publicDirectory: publicDirectory, catalogs: .bundled, token: .automatic).validate()
        } catch {
            throw ValidationError(error.description)
        }
        if noToken, token != nil { throw ValidationError("--token and --no-token contradict each other; give one") }
        _ = try tokenRequirement()
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ValidationError("--public \(publicDirectory) is not a directory")
        }
        _ = try loadItems()
    }

    func run() throws {
        // Before any thread exists, so every thread inherits the mask (see `StopSignals`).
        let stopSignals = StopSignals()
        let start = try sessionStart()
        let level = Logger.Level(rawValue: logLevel)!
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "carousel-preview")
        let directory = URL(fileURLWithPath: publicDirectory).standardizedFileURL.path
        let banners = try loadItems()
        for problem in ItemImagePaths.problems(in: banners, publicDirectory: directory) {
            logger.warning("--items: \(problem)")
        }
        let server = PreviewServer(
            options: options(
                publicDirectory: directory,
                catalogs: ItemCatalogs(banners: banners, cards: BundledCards.all),
                token: try tokenRequirement(),
                start: start
            ),
            logger: logger
        )
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        stopSignals.stop(server)
        if server.addresses.isBeyondLoopback, server.accessToken == nil {
            FileHandle.standardError.write(
                Data(
                    """
                    warning: --no-token: the preview on port \(boundPort) is open to anyone who can reach this machine: \
                    they can join any session, drag, reconfigure and upload recordings. Use it only on a network you trust.

                    """.utf8
                )
            )
        }
        let startup = StartupLines(addresses: server.addresses, port: boundPort, token: server.accessToken)
        FileHandle.standardOutput.write(Data((readyJSON ? startup.json : startup.text).utf8))
        server.waitUntilStopped()
        logger.info("stopped")
    }

    static let tokenVariable = "CAROUSEL_PREVIEW_TOKEN"

    /// The server's options from the flags, with what is read from files and the environment given.
    private func options(
        publicDirectory: String,
        catalogs: ItemCatalogs,
        token: ServerOptions.TokenRequirement,
        start: SessionStart = .banner
    ) -> ServerOptions {
        var options = ServerOptions(
            host: host,
            port: port,
            publicDirectory: publicDirectory,
            framesPerSecond: fps,
            catalogs: catalogs,
            start: start,
            allowedOrigins: allowOrigin,
            maximumConnections: maxConnections,
            maximumSessions: maxSessions,
            pingTimeout: pingTimeout,
            sessionLinger: .seconds(sessionLinger),
            journalBudgetMiB: journalBudget,
            worker: worker,
            allowedHosts: allowHosts,
            token: token,
            networkHost: networkHost
        )
        options.eventLoop = eventLoop
        return options
    }

    /// `--no-token`, `--token`, the environment, or automatic; an unusable token is an error.
    private func tokenRequirement() throws -> ServerOptions.TokenRequirement {
        if noToken { return .disabled }
        let source: (name: String, value: String)? =
            token.map { ("--token", $0) }
            ?? ProcessInfo.processInfo.environment[Self.tokenVariable].map { (Self.tokenVariable, $0) }
        guard let source else { return .automatic }
        guard let accessToken = AccessToken(source.value) else {
            throw ValidationError("\(source.name): \(AccessToken.problem(with: source.value) ?? "not a token")")
        }
        return .required(accessToken)
    }

    private func loadItems() throws -> [CatalogItem] {
        guard let items else { return BundledBanners.all }
        guard let data = FileManager.default.contents(atPath: items) else {
            throw ValidationError("--items \(items) cannot be read")
        }
        do {
            return try CatalogItem.catalog(fromJSON: String(decoding: data, as: UTF8.self))
        } catch {
            throw ValidationError("--items \(items): \(error.message)")
        }
    }

    /// The carousel new sessions start as: the `--config` file's, or the banner preset. A file
    /// that cannot be used ends the command (status 2, as `replay` for a file it cannot read) with
    /// one line naming it and what is wrong, before anything listens; not a usage error, so no usage.
    private func sessionStart() throws -> SessionStart {
        guard let config else { return .banner }
        let reason: String
        if let data = FileManager.default.contents(atPath: config) {
            if let text = String(data: data, encoding: .utf8) {
                do {
                    return try SessionStart(settingsFile: text)
                } catch {
                    reason = error.description
                }
            } else {
                reason = "not UTF-8 text"
            }
        } else {
            reason = "cannot be read"
        }
        FileHandle.standardError.write(Data("error: --config \(config): \(reason)\n".utf8))
        throw ExitCode(2)
    }

    /// A range as the help shows it: `1-240`.
    private static func shown<Bound>(_ range: ClosedRange<Bound>) -> String {
        "\(range.lowerBound)-\(range.upperBound)"
    }
}

extension ServerEventLoop: ExpressibleByArgument {}
