/// The answer to `GET /qr.svg?text=...`: the code of `text` as SVG, or a 400 that says what is wrong
/// with the query. Pure, so every query a client can send is tested without a socket.
struct QRCodeResponse: Equatable {
    let status: Int
    let body: String
    let contentType: String

    /// - Parameter query: the request's query pairs in order, repeats kept.
    init(query: [(name: String, value: String)]) {
        let texts = query.filter { $0.name == "text" }.map(\.value)
        guard texts.count == 1, let text = texts.first else {
            self.init(
                refusing: texts.isEmpty
                    ? "GET /qr.svg needs the text to encode: /qr.svg?text=URL"
                    : "GET /qr.svg takes one text, this request has \(texts.count)"
            )
            return
        }
        do {
            let code = try QRCode(encoding: text)
            // The title is what a screen reader announces, and what a person can read if the
            // camera fails: the link itself.
            self.init(status: 200, body: code.svg(title: "QR code of \(text)"), contentType: "image/svg+xml")
        } catch {
            self.init(refusing: error.description)
        }
    }

    private init(refusing reason: String) {
        self.init(status: 400, body: reason + "\n", contentType: "text/plain; charset=utf-8")
    }

    private init(status: Int, body: String, contentType: String) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }
}
