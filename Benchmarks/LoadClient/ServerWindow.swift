/// The server's CPU share and memory, and this client's own CPU share, over a measured window.
struct ServerWindow {
    private let pid: Int32
    private let start: Int64
    private let serverBefore: ProcessUsage
    private let clientBefore: Double

    init(serverPID: Int32) throws {
        guard let usage = ProcessUsage(pid: serverPID) else { throw LoadError("no process \(serverPID) to measure") }
        pid = serverPID
        serverBefore = usage
        clientBefore = ProcessUsage.ownCPUSeconds()
        start = MonotonicTime.now()
    }

    /// Seconds since the window opened.
    var elapsed: Double { Double(MonotonicTime.now() - start) / 1e9 }

    /// The window's figures, as JSON members.
    func close() throws -> [String: Any] {
        let seconds = elapsed
        guard let after = ProcessUsage(pid: pid) else { throw LoadError("the server exited during the run") }
        return [
            "seconds": seconds,
            "server_cpu_percent": 100 * (after.cpuSeconds - serverBefore.cpuSeconds) / seconds,
            "client_cpu_percent": 100 * (ProcessUsage.ownCPUSeconds() - clientBefore) / seconds,
            "server_rss_mib": after.residentMiB,
        ]
    }
}
