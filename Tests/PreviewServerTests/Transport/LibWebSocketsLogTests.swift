import Logging
import PreviewServer
import Synchronization
import Testing

/// Keeps every record a logger was given, for reading back.
final class RecordedLog: Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let source: String
    }

    let records = Mutex<[Record]>([])

    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.records.withLock {
                $0.append(Record(level: event.level, message: "\(event.message)", source: event.source))
            }
        }
    }
}

@Suite("lws's own log lines go to the logger the server was given")
struct LibWebSocketsLogTests {
    @Test("a port in use: lws's bind error reaches the injected logger, at debug level while creating")
    func bindErrorGoesToInjectedLogger() throws {
        let first = try LiveServer()
        let log = RecordedLog()
        let second = PreviewServer(
            options: ServerOptions(port: first.port, publicDirectory: publicDirectory),
            logger: log.logger
        )
        #expect(throws: ServerError.cannotListen(host: "127.0.0.1", port: first.port)) { try second.start() }
        let lines = log.records.withLock { $0 }.filter { $0.source == "libwebsockets" }
        #expect(!lines.isEmpty, "no lws line reached the injected logger")
        #expect(lines.allSatisfy { $0.level == .debug })
    }
}
