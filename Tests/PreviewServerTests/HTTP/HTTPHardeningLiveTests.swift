import Foundation
import PreviewServer
import Testing
import WebSocketTestClient

/// What every HTTP answer of a real server holds to: HEAD sends a head alone, no foreign page may
/// frame the preview, and nothing whose name starts with a dot is served.
@Suite("HTTP hardening on a real server: HEAD, framing, dotfiles")
struct HTTPHardeningLiveTests {
    @Test(
        "HEAD answers every endpoint and file with the GET's head and no body",
        arguments: ["/stats", "/healthz", "/access", "/", "/js/main.js"]
    )
    func headHasNoBody(path: String) throws {
        let server = try LiveServer()
        let get = try HTTPGet.fetch(port: server.port, path: path)
        let head = try HTTPGet.fetch(port: server.port, path: path, method: "HEAD")
        #expect(get.status == 200 && head.status == 200)
        #expect(!get.body.isEmpty)
        #expect(head.body.isEmpty, "HEAD \(path) sent \(head.body.utf8.count) bytes of body")
    }

    @Test("every answer, a refusal and a file included, forbids framing by another origin")
    func framing() throws {
        let server = try LiveServer()
        for (path, headers) in [
            ("/", [String]()), ("/stats", []), ("/nothing-here", []), ("/", ["Host: evil.example"]),
        ] {
            let answer = try HTTPGet.fetch(port: server.port, path: path, headers: headers)
            let lines = answer.headers.lowercased()
            #expect(lines.contains("content-security-policy: frame-ancestors 'self'"), "\(path) \(answer.status)")
            #expect(lines.contains("x-frame-options: sameorigin"), "\(path) \(answer.status)")
        }
    }

    @Test("a dotfile or anything in a dot folder under public/ is not served, named or linked")
    func dotfiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dotfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"),
            withIntermediateDirectories: true
        )
        try "<!doctype html>".write(to: root.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("visible.txt"),
            withDestinationURL: root.appendingPathComponent(".env")
        )
        let server = try LiveServer { $0.publicDirectory = root.path }
        #expect(try HTTPGet.fetch(port: server.port, path: "/").status == 200)
        for path in ["/.env", "/.git/config", "/visible.txt", "/%2eenv", "/.git/"] {
            let answer = try HTTPGet.fetch(port: server.port, path: path)
            #expect(answer.status == 404 && !answer.body.contains("secret"), "\(path): \(answer.status)")
        }
    }
}
