/// Which refused hosts have been logged: each once, so a page that retries in a loop (a rebinding
/// attack does) cannot flood the log, and at most `capacity` of them, so a client that invents a
/// new Host per request cannot grow the server's memory.
struct RefusalLog: Sendable {
    static let capacity = 256
    private var logged: Set<String> = []
    private(set) var isFull = false

    /// What to log for a refusal of `host`: `nil` when it was logged before (or the log is full
    /// and said so).
    mutating func line(forHost host: String?) -> String? {
        let shown = Self.printable(host)
        guard !isFull else { return nil }
        guard logged.count < Self.capacity else {
            isFull = true
            return "refused requests for more than \(Self.capacity) different hosts; further ones are not logged"
        }
        guard logged.insert(shown).inserted else { return nil }
        return "refused a request for a host that is not this server's: \(shown)"
    }

    /// The header as it may appear in a log line: printable ASCII, at most 100 characters, quoted.
    static func printable(_ host: String?) -> String {
        guard let host else { return "(no Host header)" }
        let cleaned = host.unicodeScalars.prefix(100).map { scalar in
            (32..<127).contains(scalar.value) && scalar != "\"" ? Character(scalar) : "?"
        }
        return "\"\(String(cleaned))\"" + (host.unicodeScalars.count > 100 ? "..." : "")
    }
}
