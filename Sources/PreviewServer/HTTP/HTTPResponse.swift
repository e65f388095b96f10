/// An answer to an HTTP request, as a value: the transport writes it with lws and decides nothing.
struct HTTPResponse: Equatable, Sendable {
    /// One header besides lws's common ones; `name` without its colon.
    struct Header: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// What follows the headers.
    enum Content: Equatable, Sendable {
        /// A short body written at once.
        case text(String, contentType: String)
        /// A file of `public/`, which lws streams from disk itself (status 200).
        case file(path: String, contentType: String)
        /// Bytes held in memory (an uploaded image), written a part at a time as the socket drains.
        case bytes([UInt8], contentType: String)
    }

    var status: Int
    var content: Content
    var headers: [Header] = []
    /// A HEAD request's answer: the head as a GET's would be (its length included), no body.
    var omitsBody = false

    /// Headers every answer carries: only this server's own pages may frame the preview (Compare
    /// frames it; a foreign page framing it could join a session under the viewer's cookie).
    static let framingHeaders = [
        Header(name: "content-security-policy", value: "frame-ancestors 'self'"),
        Header(name: "x-frame-options", value: "SAMEORIGIN"),
    ]

    static let plainText = "text/plain; charset=utf-8"

    /// Whether the answer is an HTML document, which a browser runs as a page.
    var isHTML: Bool {
        let type: String
        switch content {
        case .text(_, let contentType), .file(_, let contentType), .bytes(_, let contentType): type = contentType
        }
        return type.lowercased().hasPrefix("text/html")
    }

    /// The body and its type when it is written from memory (text or bytes); nil for a file.
    var bodyInMemory: (bytes: [UInt8], contentType: String)? {
        switch content {
        case .text(let text, let contentType): (Array(text.utf8), contentType)
        case .bytes(let bytes, let contentType): (bytes, contentType)
        case .file: nil
        }
    }

    /// The extra headers as lines of an HTTP head (`name: value` and CRLF each), for lws to add to
    /// a file's.
    var headerLines: String {
        headers.map { "\($0.name): \($0.value)\r\n" }.joined()
    }

    /// A short answer.
    static func text(
        _ body: String,
        status: Int = 200,
        contentType: String = plainText,
        headers: [Header] = []
    ) -> HTTPResponse {
        HTTPResponse(status: status, content: .text(body, contentType: contentType), headers: headers)
    }

    static let notFound = text("not found\n", status: 404)

    /// A refused request's answer: a short page for a browser, saying what to do; a 401 names the
    /// scheme that would get in.
    static func refusal(status: Int, reason: String) -> HTTPResponse {
        text(
            AccessRefusalPage(status: status, reason: reason).html,
            status: status,
            contentType: "text/html; charset=utf-8",
            headers: status == 401 ? [Header(name: "www-authenticate", value: #"Bearer realm="carousel-preview""#)] : []
        )
    }
}
