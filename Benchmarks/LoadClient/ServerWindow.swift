#if canImport(Glibc)
import Glibc
#endif

/// The server's CPU share and memory, and this client's own CPU share, over a measured window; with
/// `LOAD_CLIENT_PROXY_PIDS` set, also the summed CPU share of those processes (a proxy in front).
struct ServerWindow {
    private let pid: Int32
    private let start: Int64
    private let serverBefore: ProcessUsage
    private let clientBefore: Double
    private let proxyPIDs: [Int32]
    private let proxyBefore: Double

    init(serverPID: Int32) throws {
        guard let usage = ProcessUsage(pid: serverPID) else { throw LoadError("no process \(serverPID) to measure") }
        pid = serverPID
        serverBefore = usage
        proxyPIDs =
            getenv("LOAD_CLIENT_PROXY_PIDS").map { String(cString: $0) }.map {
                $0.split(separator: ",").compactMap { Int32($0) }
            } ?? []
        proxyBefore = try Self.cpuSeconds(proxyPIDs)
        clientBefore = ProcessUsage.ownCPUSeconds()
        start = MonotonicTime.now()
    }

    /// Seconds since the window opened.
    var elapsed: Double { Double(MonotonicTime.now() - start) / 1e9 }

    /// The window's figures, as JSON members.
    func close() throws -> [String: Any] {
        let seconds = elapsed
        guard let after = ProcessUsage(pid: pid) else { throw LoadError("the server exited during the run") }
        var figures: [String: Any] = [
            "seconds": seconds,
            "server_cpu_percent": 100 * (after.cpuSeconds - serverBefore.cpuSeconds) / seconds,
            "client_cpu_percent": 100 * (ProcessUsage.ownCPUSeconds() - clientBefore) / seconds,
            "server_rss_mib": after.residentMiB,
        ]
        if !proxyPIDs.isEmpty {
            figures["proxy_cpu_percent"] = 100 * (try Self.cpuSeconds(proxyPIDs) - proxyBefore) / seconds
            figures["proxy_pids"] = proxyPIDs.map(Int.init)
        }
        return figures
    }

    private static func cpuSeconds(_ pids: [Int32]) throws -> Double {
        try pids.reduce(0) { total, pid in
            guard let usage = ProcessUsage(pid: pid) else { throw LoadError("no proxy process \(pid) to measure") }
            return total + usage.cpuSeconds
        }
    }
}
