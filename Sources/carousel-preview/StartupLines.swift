import PreviewProtocol
import PreviewServer
import PreviewWire

/// What `serve` prints once it listens, as Vite does: the port (the first line, which scripts
/// read), the Local URL, and a Network URL per address another device can use, each with the
/// token when one is needed. A loopback server says how to reach it from a phone instead.
struct StartupLines {
    let addresses: ListeningAddresses
    let port: Int
    let token: AccessToken?

    var text: String {
        var lines = ["carousel-preview listening on port \(port)"]
        if let local = addresses.localURL(port: port, token: token) { lines.append("  Local:   \(local)") }
        if addresses.isBeyondLoopback {
            lines += addresses.networkURLs(port: port, token: token).map { "  Network: \($0)" }
            lines.append(
                token == nil
                    ? "  Access:  no token (--no-token)"
                    : "  Access:  the token in these URLs is needed once per browser; keep it among the people you share with"
            )
        } else {
            lines.append(
                "  Network: not exposed: only this computer can open it. For a phone on the same Wi-Fi, stop it "
                    + "and run make run HOST=0.0.0.0 (carousel-preview serve --host 0.0.0.0): it then listens on "
                    + "every network and prints a Network URL with an access token"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same facts as one JSON line (`serve --ready-json`), for scripts and tests that start a
    /// server on port 0: they read this line instead of matching the text above.
    /// `{"ready":true,"port":P,"local":URL|null,"network":[URL,...],"tokenRequired":B}`
    var json: String {
        JSONValue.object([
            ("ready", .bool(true)),
            ("port", .number(Double(port))),
            ("local", addresses.localURL(port: port, token: token).map(JSONValue.string) ?? .null),
            (
                "network",
                .array(
                    addresses.isBeyondLoopback
                        ? addresses.networkURLs(port: port, token: token).map(JSONValue.string) : []
                )
            ),
            ("tokenRequired", .bool(token != nil)),
        ]).encoded + "\n"
    }
}
