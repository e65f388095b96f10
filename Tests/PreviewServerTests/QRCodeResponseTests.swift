import Testing

@testable import PreviewServer

@Suite("GET /qr.svg: the answer to each query")
struct QRCodeResponseTests {
    @Test("one text: its code as SVG, titled with the text")
    func oneText() throws {
        let link = "http://192.168.1.5:8080/?session=a&token=0123456789abcdef0123456789abcdef"
        let answer = QRCodeResponse(query: [("session", "x"), ("text", link)])
        #expect(answer.status == 200)
        #expect(answer.contentType == "image/svg+xml")
        #expect(answer.body == (try QRCode(encoding: link)).svg(title: "QR code of \(link)"))
    }

    @Test(
        "no text, an empty one, two, or one over 1024 bytes: 400 saying which",
        arguments: [
            ([], "needs the text"),
            ([("text", "")], "empty text"),
            ([("text", "a"), ("text", "b")], "takes one text, this request has 2"),
            ([("text", String(repeating: "é", count: 513))], "1026 UTF-8 bytes is too long"),
        ] as [([(String, String)], String)]
    )
    func refused(query: [(String, String)], reason: String) {
        let answer = QRCodeResponse(query: query.map { (name: $0.0, value: $0.1) })
        #expect(answer.status == 400)
        #expect(answer.contentType.hasPrefix("text/plain"))
        #expect(answer.body.contains(reason), "\(answer.body)")
    }

    @Test("exactly 1024 bytes still makes a code")
    func atTheLimit() {
        #expect(QRCodeResponse(query: [("text", String(repeating: "a", count: 1024))]).status == 200)
    }
}
