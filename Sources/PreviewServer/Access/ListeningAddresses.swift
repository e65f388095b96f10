/// Where people can open a server listening on `host`: the Local URL when loopback is among the
/// addresses it listens on, and a Network URL for each address another device can reach, each
/// with the token when one is required. What the startup lines print and `/access` answers.
public struct ListeningAddresses: Sendable, Equatable {
    /// The loopback URL's host (`127.0.0.1`, `[::1]`, `localhost`), or `nil` when the server
    /// listens on one non-loopback address only.
    public let localHost: String?
    /// The URL hosts of the addresses beyond loopback (IPv6 in brackets).
    public let networkHosts: [String]
    /// Whether anything beyond this machine can reach the port.
    public private(set) var isBeyondLoopback: Bool

    /// The URLs of `advertisedHost` (`--network-host`: where a proxy in front listens) for a server
    /// bound to `boundHost` (`--host`). Whether the port is reachable from beyond this machine
    /// follows either: a socket bound beyond loopback is exposed whatever a flag says it is reached at.
    init(boundHost: String, advertisedHost: String?, interfaces: [IPAddress]) {
        self.init(host: advertisedHost ?? boundHost, interfaces: interfaces)
        if let advertisedHost, advertisedHost != boundHost {
            isBeyondLoopback = isBeyondLoopback || Self(host: boundHost, interfaces: interfaces).isBeyondLoopback
        }
    }

    /// `host` as given to `--host`; `interfaces` the machine's addresses (`InterfaceAddresses`).
    init(host: String, interfaces: [IPAddress]) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let address = IPAddress(bare) else {
            // A name: `localhost` is loopback; any other name is taken at its word.
            isBeyondLoopback = bare.lowercased() != "localhost"
            localHost = isBeyondLoopback ? nil : "localhost"
            networkHosts = isBeyondLoopback ? [bare] : []
            return
        }
        if address.isLoopback {
            isBeyondLoopback = false
            localHost = address.urlHost
            networkHosts = []
        } else if address.isUnspecified {
            isBeyondLoopback = true
            // 0.0.0.0 listens on IPv4 only (the server turns IPv6 off for an IPv4 host); :: on both.
            localHost = address.family == .v4 ? "127.0.0.1" : "[::1]"
            networkHosts =
                interfaces
                .filter { !$0.isLoopback && !$0.isLinkLocalIPv6 && (address.family == .v6 || $0.family == .v4) }
                .map(\.urlHost)
        } else {
            isBeyondLoopback = true
            localHost = nil
            networkHosts = [address.urlHost]
        }
    }

    /// The Local URL on `port`, with `token` in its query when given.
    public func localURL(port: Int, token: AccessToken?) -> String? {
        localHost.map { Self.url(host: $0, port: port, token: token) }
    }

    /// One URL per network address on `port`, with `token` in the query when given.
    public func networkURLs(port: Int, token: AccessToken?) -> [String] {
        networkHosts.map { Self.url(host: $0, port: port, token: token) }
    }

    static func url(host: String, port: Int, token: AccessToken?) -> String {
        "http://\(host):\(port)/" + (token.map { "?token=\($0.value)" } ?? "")
    }
}
