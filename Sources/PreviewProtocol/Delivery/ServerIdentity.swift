/// Which server process sessions live in, as every welcome names it: `instance` is new at each
/// start (so a page that reconnects can tell a restarted server, whose sessions are gone, from the
/// same one), `worker` the name given behind a load balancer.
public struct ServerIdentity: Equatable, Sendable {
    /// 64 random bits in hex, or what a test chose.
    public let instance: String
    /// `serve --worker`; `nil` for a server on its own.
    public let worker: String?

    public init(instance: String, worker: String? = nil) {
        self.instance = instance
        self.worker = worker
    }

    /// A new identity with a random instance, from the system's generator.
    public static func random(worker: String? = nil) -> ServerIdentity {
        var generator = SystemRandomNumberGenerator()
        let bits = generator.next() as UInt64
        let hex = String(bits, radix: 16)
        return ServerIdentity(instance: String(repeating: "0", count: 16 - hex.count) + hex, worker: worker)
    }
}
