import Foundation
import Testing
import WebSocketTestClient

@testable import PreviewServer

/// `GET /qr.svg` on a server bound to 0.0.0.0, asked through 127.0.0.1 as the page asks it.
@Suite("GET /qr.svg on a real server")
struct QRCodeLiveTests {
    /// What the page sends: the whole link through encodeURIComponent, so its `&`, `=`, `?` and
    /// non-ASCII arrive escaped and must come back as they were.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.!~*'()")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    @Test("needs the token; with it, the code of the exact text the page sent, never cached")
    func servesTheCode() throws {
        let server = try LiveServer { $0.host = "0.0.0.0" }
        let token = try #require(server.server.accessToken)
        let bearer = "Authorization: Bearer \(token.value)"
        let link = "http://192.168.1.5:\(server.port)/?session=Zoë+1&preset=banner&token=\(token.value)"
        let path = "/qr.svg?text=\(Self.encoded(link))"

        #expect(try HTTPGet.fetch(port: server.port, path: path).status == 401)

        let response = try HTTPGet.fetch(port: server.port, path: path, headers: [bearer])
        #expect(response.status == 200, "\(response.body)")
        let headers = response.headers.lowercased()
        #expect(headers.contains("content-type: image/svg+xml"))
        #expect(headers.contains("cache-control: no-store"))
        #expect(response.body == (try QRCode(encoding: link)).svg(title: "QR code of \(link)"))
    }

    @Test("no text, two texts, one over 1024 bytes: 400 with the reason; the server goes on")
    func refusesBadQueries() throws {
        let server = try LiveServer()
        for (path, reason) in [
            ("/qr.svg", "needs the text"),
            ("/qr.svg?text=", "empty text"),
            ("/qr.svg?text=a&text=b", "takes one text"),
            ("/qr.svg?text=\(String(repeating: "%C3%A9", count: 513))", "1026 UTF-8 bytes is too long"),
        ] {
            let response = try HTTPGet.fetch(port: server.port, path: path)
            #expect(response.status == 400, "\(path.prefix(40))")
            #expect(response.body.contains(reason), "\(response.body)")
        }
        let limit = try HTTPGet.fetch(port: server.port, path: "/qr.svg?text=\(String(repeating: "a", count: 1024))")
        #expect(limit.status == 200)
        #expect(try HTTPGet.fetch(port: server.port, path: "/healthz").status == 200)
    }
}
