import Dispatch
import Foundation
import Logging
import PreviewProtocol

/// The live-preview server: HTTP for `public/` and the WebSocket endpoint `/ws` on one port,
/// served by one event-loop thread that owns every session. Its init is the one place the
/// server's parts are made and wired.
public final class PreviewServer: Sendable {
    private let transport: LibWebSocketsTransport
    /// Made at each start: it reads `public/`, which must exist by then.
    private let makeRequests: @Sendable () throws(ServerError) -> RequestHandler
    private let finished = DispatchSemaphore(value: 0)
    /// The token every request must carry, or `nil` when none is needed.
    public let accessToken: AccessToken?
    /// Where people open the preview (the startup lines' Local and Network URLs).
    public let addresses: ListeningAddresses

    /// Prepares a server; nothing listens until `start()`. The machine's interface addresses are
    /// read here: a server started before a network change knows only the old ones.
    public init(options: ServerOptions, logger: Logger) {
        let interfaces = InterfaceAddresses.current()
        addresses = ListeningAddresses(
            boundHost: options.host,
            advertisedHost: options.networkHost,
            interfaces: interfaces
        )
        switch options.token {
        case .automatic: accessToken = addresses.isBeyondLoopback ? AccessToken.generate() : nil
        case .required(let token): accessToken = token
        case .disabled: accessToken = nil
        }
        let gate = AccessGate(
            hosts: HostPolicy(allowedNames: options.allowedHosts, ownAddresses: interfaces),
            token: accessToken
        )
        let addresses = self.addresses
        var hub = PreviewHub(
            catalogs: options.catalogs,
            limits: options.hubLimits,
            identity: .random(worker: options.worker),
            start: options.start
        )
        hub.feel = GestureCorpus.load(publicDirectory: options.publicDirectory, logger: logger)
        let renders = RenderWorker(
            publicDirectory: options.publicDirectory,
            executable: options.renderWorkerExecutable ?? "/proc/self/exe",
            maximumBytes: options.hubLimits.media.imageBytes
        )
        let background = BackgroundWork()
        let loop = ServiceLoop<OpaquePointer>(
            hub: hub,
            tickInterval: options.tickInterval,
            pingTimeout: .seconds(options.pingTimeout),
            logger: logger,
            now: .zero,
            renders: renders,
            background: background
        )
        transport = LibWebSocketsTransport(options: options, loop: loop, logger: logger)
        // Weakly: the loop owns the worker, so a strong capture would keep the transport for ever.
        renders.setWake { [weak transport] in transport?.wake() }
        background.setWake { [weak transport] in transport?.wake() }
        makeRequests = { () throws(ServerError) in
            try RequestHandler(options: options, gate: gate, addresses: addresses, logger: logger)
        }
    }

    /// Binds and starts the event loop on its own thread; returns the port it listens on.
    public func start() throws(ServerError) -> Int {
        let requests = try makeRequests()
        let started = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        let transport = self.transport
        let finished = self.finished
        let thread = Thread {
            do throws(ServerError) {
                outcome.result = .success(try transport.createContext(requests: requests))
            } catch {
                outcome.result = .failure(error)
            }
            let didStart = if case .success = outcome.result { true } else { false }
            started.signal()
            if didStart { transport.run() }
            finished.signal()
        }
        thread.name = "carousel-preview.lws"
        thread.start()
        started.wait()
        return try outcome.result!.get()
    }

    /// Closes every WebSocket with 1001 and stops the loop; safe from any thread or signal source.
    public func stop() {
        transport.requestStop()
    }

    /// How many sessions exist, including those outliving their last viewer (safe from any thread).
    public var sessionCount: Int {
        transport.sessionCount.load(ordering: .relaxed)
    }

    /// Blocks until the loop has stopped.
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }
}

/// Hands the start result from the loop thread to the caller, who reads it only after the
/// semaphore says it was written.
private final class OutcomeBox: @unchecked Sendable {
    var result: Result<Int, ServerError>?
}
