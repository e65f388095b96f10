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
        line(for: Self.printable(host), saying: "refused a request for a host that is not this server's")
    }

    /// What to log for a WebSocket refused for its `Origin`: the same once-each rule, escaped the
    /// same way (an origin is any bytes a client sends).
    mutating func line(forOrigin origin: String?) -> String? {
        line(
            for: Self.printable(origin, absent: "(no Origin header)"),
            saying: "refused a WebSocket from another origin"
        )
    }

    private mutating func line(for shown: String, saying what: String) -> String? {
        guard !isFull else { return nil }
        guard logged.count < Self.capacity else {
            isFull = true
            return "refused requests for more than \(Self.capacity) different values; further ones are not logged"
        }
        guard logged.insert(shown).inserted else { return nil }
        return "\(what): \(shown)"
    }

    /// The header as it may appear in a log line: printable ASCII, at most 100 characters, quoted.
    static func printable(_ host: String?, absent: String = "(no Host header)") -> String {
        guard let host else { return absent }
        let cleaned = host.unicodeScalars.prefix(100).map { scalar in
            (32..<127).contains(scalar.value) && scalar != "\"" ? Character(scalar) : "?"
        }
        return "\"\(String(cleaned))\"" + (host.unicodeScalars.count > 100 ? "..." : "")
    }
}
