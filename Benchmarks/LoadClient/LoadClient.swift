import Foundation

/// The benchmarks' load client: thousands of WebSocket viewers on one epoll loop, so the client
/// costs one core at most and the server's figures are the server's.
///
///     load-client fanout  PORT SERVER_PID SESSIONS VIEWERS_PER_SESSION SECONDS
///     load-client latency PORT SERVER_PID VIEWERS SAMPLES
///     load-client idle    PORT SERVER_PID SESSIONS VIEWERS_PER_SESSION
///     load-client hold    PORT SERVER_PID SESSIONS VIEWERS_PER_SESSION SECONDS AUTOSCROLL_INTERVAL_MS
///     load-client watch   PORT SERVER_PID VIEWERS SECONDS STREAM (0: frames, 1: the engine stream)
///
/// Prints one JSON object of figures. With `LOAD_CLIENT_PROXY_PIDS` set (pids, comma-separated: a
/// proxy's master and workers), the measured window also gives those processes' summed CPU share.
@main
enum LoadClient {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            let figures = try run(arguments)
            let json = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys])
            print(String(decoding: json, as: UTF8.self))
        } catch {
            FileHandle.standardError.write(Data("load-client: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ arguments: [String]) throws -> [String: Any] {
        let usage = "usage: load-client fanout|latency|idle|hold|watch PORT SERVER_PID ..."
        guard let mode = arguments.first else { throw LoadError(usage) }
        let numbers = arguments.dropFirst().map(Double.init)
        guard !numbers.contains(nil), numbers.count >= 2 else { throw LoadError(usage) }
        let values = numbers.map { $0! }
        let target = LoadTarget(port: Int(values[0]), serverPID: Int32(values[1]))
        // SESSIONS VIEWERS_PER_SESSION, where a scenario takes them.
        func audience() -> Audience { Audience(sessions: Int(values[2]), viewersPerSession: Int(values[3])) }
        switch (mode, values.count) {
        case ("fanout", 5):
            return try FanOutScenario(target: target, audience: audience(), seconds: values[4]).run()
        case ("latency", 4):
            return try LatencyScenario(target: target, viewers: Int(values[2]), samples: Int(values[3])).run()
        case ("idle", 4):
            return try IdleScenario(target: target, audience: audience()).run()
        case ("hold", 6):
            return try HoldScenario(
                target: target,
                audience: audience(),
                seconds: values[4],
                autoscrollIntervalMs: Int(values[5])
            ).run()
        case ("watch", 5):
            return try WatchScenario(
                target: target,
                viewers: Int(values[2]),
                seconds: values[3],
                stream: values[4] != 0
            )
            .run()
        default:
            throw LoadError(usage)
        }
    }
}
