import PreviewProtocol
import PreviewWire

/// The body of `GET /access`: what the page needs to share the preview. Only a request that
/// passed the gate gets it, so handing the token back tells the asker nothing it did not have
/// (its cookie); the page needs it for "Copy link" and the phone's QR code, and cannot read its
/// HttpOnly cookie.
struct AccessSummary {
    let addresses: ListeningAddresses
    let token: AccessToken?
    /// The port the browser used (behind a proxy, the proxy's), from its Host header.
    let port: Int

    var json: JSONValue {
        .object([
            ("tokenRequired", .bool(token != nil)),
            ("token", token.map { .string($0.value) } ?? .null),
            ("beyondLoopback", .bool(addresses.isBeyondLoopback)),
            ("local", addresses.localURL(port: port, token: nil).map(JSONValue.string) ?? .null),
            ("network", .array(addresses.networkURLs(port: port, token: nil).map(JSONValue.string))),
        ])
    }
}
