/// The memory an idle connection costs the server: resident memory after a warm-up, then after
/// many viewers join and go quiet.
struct IdleScenario {
    let target: LoadTarget
    let audience: Audience

    func run() throws -> [String: Any] {
        let serverPID = target.serverPID
        let load = LoadRun(port: target.port)
        // Warm up the allocator and lws's per-thread state, so the first connection's one-off costs
        // do not count against every connection.
        try load.connect(paths: (0..<20).map { "/ws?session=warm-up-\($0 % 2)" })
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(0.5))
        guard let before = ProcessUsage(pid: serverPID) else { throw LoadError("no process \(serverPID) to measure") }
        let paths = audience.paths(prefix: "idle")
        try load.connect(paths: paths)
        load.pump(until: MonotonicTime.now() + MonotonicTime.seconds(1))
        guard let after = ProcessUsage(pid: serverPID) else { throw LoadError("the server exited during the run") }
        if let failure = load.failures.first { throw LoadError("\(load.failures.count) viewers failed: \(failure)") }
        return [
            "viewers": paths.count,
            "sessions": audience.sessions,
            "server_rss_before_mib": before.residentMiB,
            "server_rss_mib": after.residentMiB,
            "kib_per_connection": (after.residentMiB - before.residentMiB) * 1024 / Double(paths.count),
        ]
    }
}
