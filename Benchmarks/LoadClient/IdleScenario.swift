/// The memory an idle connection costs the server: resident memory after a warm-up, then after
/// many viewers join and go quiet.
struct IdleScenario {
    let port: Int
    let sessions: Int
    let viewersPerSession: Int
    let serverPID: Int32

    func run() throws -> [String: Any] {
        let load = LoadRun(port: port)
        // Warm up the allocator and lws's per-thread state, so the first connection's one-off costs
        // do not count against every connection.
        try load.connect(paths: (0..<20).map { "/ws?session=warm-up-\($0 % 2)" })
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(0.5))
        guard let before = ProcessUsage(pid: serverPID) else { throw LoadError("no process \(serverPID) to measure") }
        let paths = LoadRun.paths(prefix: "idle", sessions: sessions, viewersPerSession: viewersPerSession)
        try load.connect(paths: paths)
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(1))
        guard let after = ProcessUsage(pid: serverPID) else { throw LoadError("the server exited during the run") }
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }
        return [
            "viewers": paths.count,
            "sessions": sessions,
            "server_rss_before_mib": before.residentMiB,
            "server_rss_mib": after.residentMiB,
            "kib_per_connection": (after.residentMiB - before.residentMiB) * 1024 / Double(paths.count),
        ]
    }
}
