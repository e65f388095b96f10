/// The page's Content-Security-Policy, written once: every HTML answer carries it as a header, and
/// each HTML file of `public/` carries the same directives in a `<meta http-equiv>` (a test compares
/// them), so the page keeps to it behind nginx or on a static file server too.
///
/// The page draws only what this server serves: an item's image is checked by the protocol
/// (`ItemImageAddress`), and should one slip through, `img-src` stops the fetch in every viewer's
/// browser. Each directive is as tight as the page allows (`Tests/Browser/test_page_policy.py` runs
/// a session through it and counts violations).
enum PagePolicy {
    /// The directives a `<meta>` may carry, in order.
    static let directives = [
        // Everything not named below: only this origin.
        "default-src 'self'",
        // ES modules from public/, and the engine's WebAssembly module compiled from its bytes.
        "script-src 'self' 'wasm-unsafe-eval'",
        // style.css; the page sets positions through element.style (CSSOM), which this does not govern.
        "style-src 'self'",
        // Bundled files, uploads at /media/ and the QR code, all from here; `data:` for the empty
        // favicon (`data:,`), `blob:` for images the page makes itself.
        "img-src 'self' data: blob:",
        // fetch (/access, the engine, uploads read back) and the session's WebSocket: in CSP Level 3
        // 'self' matches ws: and wss: of the same host and port.
        "connect-src 'self'",
        // Compare's panes are this origin's index.html.
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]

    /// The policy as a `<meta http-equiv="Content-Security-Policy">`'s content.
    static let meta = directives.joined(separator: "; ")

    /// The header every HTML answer carries: the directives and `frame-ancestors`, which only a
    /// header can say (the framing headers every answer carries say it too).
    static let header = HTTPResponse.Header(
        name: "content-security-policy",
        value: (directives + ["frame-ancestors 'self'"]).joined(separator: "; ")
    )

    /// The `<meta>` element each HTML file of `public/` carries, right after its charset.
    static let metaElement = #"<meta http-equiv="Content-Security-Policy" content="\#(meta)">"#
}
