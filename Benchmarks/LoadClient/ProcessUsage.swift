#if canImport(Glibc)
import Glibc
#endif

/// CPU time and resident memory of a process, read from /proc: how the server's share of the
/// machine is measured while the load runs.
struct ProcessUsage {
    /// User plus system CPU seconds so far.
    let cpuSeconds: Double
    let residentMiB: Double

    init?(pid: Int32) {
        guard let stat = Self.read("/proc/\(pid)/stat"), let status = Self.read("/proc/\(pid)/status"),
            let afterName = stat.split(separator: ")").last
        else { return nil }
        // Fields after the name: state is the first, utime and stime the 12th and 13th.
        let fields = afterName.split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        residentMiB = kib / 1024
    }

    /// This process's own CPU seconds, to show whether the load client was the bottleneck.
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var text = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            text += chunk[..<count]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
