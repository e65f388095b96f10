import Foundation
import PreviewTesting
import Testing
import WebSocketTestClient

@testable import PreviewServer

/// Real servers, reached only through loopback addresses (a server bound to 0.0.0.0 is asked
/// through 127.0.0.1 and 127.0.0.2, never through another of the machine's addresses).
@Suite("Access: host check and token on a real server")
struct AccessLiveTests {
    static let upgradeHeaders = ["Origin: http://evil.example"]

    /// The status line of a refused upgrade, or "101" when it was accepted.
    static func upgradeStatus(port: Int, host: String = "127.0.0.1", path: String = "/ws", headers: [String]) -> String
    {
        do {
            let client = try WebSocketClient(host: host, port: port, path: path, headers: headers)
            client.close()
            return "101"
        } catch {
            return "\(error)"
        }
    }

    @Test("a foreign Host gets 403 on /, /stats, /healthz and /ws, on a loopback server and on a 0.0.0.0 one")
    func foreignHost() throws {
        for bind in ["127.0.0.1", "0.0.0.0"] {
            let server = try LiveServer { $0.host = bind }
            let port = server.port
            let evil = "Host: evil.example:\(port)"
            for path in ["/", "/stats", "/healthz", "/index.html", "/access"] {
                let response = try HTTPGet.fetch(port: port, path: path, headers: [evil])
                #expect(response.status == 403, "\(bind) \(path)")
                #expect(response.body.contains("--allow-host evil.example"), "\(response.body)")
            }
            let upgrade = Self.upgradeStatus(
                port: port,
                headers: [evil, "Origin: http://evil.example:\(port)"]
            )
            #expect(upgrade.contains("403"), "\(bind): \(upgrade)")
            if bind == "0.0.0.0" {
                // Through another loopback address the answer is the same.
                #expect(try HTTPGet.fetch(host: "127.0.0.2", port: port, path: "/", headers: [evil]).status == 403)
            }
            let token = server.server.accessToken
            #expect((token != nil) == (bind == "0.0.0.0"))
            let credentials = token.map { ["Authorization: Bearer \($0.value)"] } ?? []
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "localhost", "127.0.0.2:\(port)"] {
                let response = try HTTPGet.fetch(port: port, path: "/stats", headers: ["Host: \(host)"] + credentials)
                #expect(response.status == 200, "\(bind) \(host): \(response.status) \(response.body)")
            }
            let viewer = try TestViewer(
                WebSocketClient(port: port, path: "/ws?session=host" + (token.map { "&token=\($0.value)" } ?? ""))
            )
            #expect(try viewer.next()["type"] as? String == "welcome")
        }
    }

    @Test("--allow-host preview.test lets that name in (page, /stats, /ws), and only that one")
    func allowedHost() throws {
        let server = try LiveServer { $0.allowedHosts = ["preview.test", ".team.test"] }
        let port = server.port
        for host in ["preview.test:\(port)", "PREVIEW.test", "a.team.test:\(port)"] {
            #expect(try HTTPGet.fetch(port: port, path: "/", headers: ["Host: \(host)"]).status == 200, "\(host)")
        }
        #expect(
            Self.upgradeStatus(
                port: port,
                headers: ["Host: preview.test:\(port)", "Origin: http://preview.test:\(port)"]
            ) == "101"
        )
        for host in ["preview.test.evil:\(port)", "team.test", "evil.example"] {
            #expect(try HTTPGet.fetch(port: port, path: "/", headers: ["Host: \(host)"]).status == 403, "\(host)")
        }
    }

    @Test("edge Hosts: port 0, 65536 or none, a zone, over 255 bytes, missing: each answered, none crashes")
    func edgeHosts() throws {
        let server = try LiveServer()
        let port = server.port
        let cases: [([String], Bool, Int, String)] = [
            (["Host: 127.0.0.1:0"], true, 400, "port"), (["Host: 127.0.0.1:65536"], true, 400, "port"),
            (["Host: 127.0.0.1"], true, 200, ""), (["Host: [fe80::1%25eth0]:\(port)"], true, 400, "zone"),
            (["Host: [::1%lo]"], true, 400, "zone"),
            (["Host: \(String(repeating: "a", count: 300))"], true, 400, "255"),
            (["Host: \(String(repeating: "a", count: 4000)).test"], true, 400, "255"), ([], false, 403, "no Host"),
            (["Host: <script>:1"], true, 400, "characters"), (["Host: a:<b>"], true, 400, "&lt;b&gt;"),
        ]
        for (headers, sendsHost, status, words) in cases {
            let response = try HTTPGet.fetch(port: port, path: "/", headers: headers, sendsHost: sendsHost)
            #expect(response.status == status, "\(headers.first?.prefix(40) ?? "no host"): \(response.status)")
            #expect(words.isEmpty || response.body.contains(words), "\(response.body.prefix(300))")
            #expect(!response.body.contains("<b>") && !response.body.contains("<script>"))
            if sendsHost {
                let upgrade = Self.upgradeStatus(port: port, headers: headers)
                #expect(upgrade.contains(status == 200 ? "101" : "\(status)"), "\(headers): \(upgrade)")
            }
        }
        #expect(try HTTPGet.fetch(port: port, path: "/healthz").body == "ok")
    }

    @Test("bound to 0.0.0.0: 401 without the token; ?token= gives the page and a cookie that alone opens the rest")
    func tokenFlow() throws {
        let server = try LiveServer { $0.host = "0.0.0.0" }
        let port = server.port
        let token = try #require(server.server.accessToken).value
        let refused = try HTTPGet.fetch(port: port, path: "/")
        #expect(refused.status == 401 && refused.body.contains("Network:"), "\(refused.body)")
        #expect(refused.headers.lowercased().contains("www-authenticate: bearer"))
        #expect(Self.upgradeStatus(port: port, path: "/ws?session=t", headers: []).contains("401"))
        #expect(Self.upgradeStatus(port: port, path: "/ws?session=t&token=nope", headers: []).contains("401"))
        #expect(Self.upgradeStatus(port: port, path: "/ws?token=\(token)&token=\(token)", headers: []).contains("401"))
        #expect(try HTTPGet.fetch(port: port, path: "/?token=").status == 401)
        #expect(try HTTPGet.fetch(port: port, path: "/?token=\(token)x").status == 401)

        let first = try HTTPGet.fetch(port: port, path: "/?session=t&token=\(token)")
        #expect(first.status == 200 && first.body.contains("<html"))
        let cookieLine = try #require(
            first.headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
        )
        #expect(
            cookieLine.contains("HttpOnly") && cookieLine.contains("SameSite=Strict") && cookieLine.contains("Path=/")
        )
        let cookie = "Cookie: " + String(cookieLine.dropFirst("set-cookie: ".count).split(separator: ";")[0])
        for path in ["/js/main.js", "/style.css", "/stats", "/access"] {
            #expect(try HTTPGet.fetch(port: port, path: path, headers: [cookie]).status == 200, "\(path)")
            #expect(try HTTPGet.fetch(port: port, path: path).status == 401, "\(path)")
        }
        let withCookie = try TestViewer(WebSocketClient(port: port, path: "/ws?session=t", headers: [cookie]))
        #expect(try withCookie.next()["type"] as? String == "welcome")
        let withBearer = try TestViewer(
            WebSocketClient(
                host: "127.0.0.2",
                port: port,
                path: "/ws?session=t",
                headers: ["Authorization: Bearer \(token)"]
            )
        )
        #expect(try withBearer.next()["type"] as? String == "welcome")
        // /healthz answers a probe without the token.
        #expect(try HTTPGet.fetch(port: port, path: "/healthz").status == 200)
        // /stats never shows the token.
        #expect(!(try HTTPGet.fetch(port: port, path: "/stats", headers: [cookie]).body.contains(token)))
        let access = try HTTPGet.fetch(port: port, path: "/access", headers: [cookie])
        #expect(access.body.contains(#""tokenRequired":true"#) && access.body.contains(#""beyondLoopback":true"#))
        #expect(access.headers.lowercased().contains("cache-control: no-store"))
    }

    @Test("--host 0.0.0.0 --network-host 127.0.0.1 still requires the token: the socket listens beyond loopback")
    func tokenFollowsTheBoundAddress() throws {
        let server = try LiveServer {
            $0.host = "0.0.0.0"
            $0.networkHost = "127.0.0.1"
        }
        let token = try #require(server.server.accessToken).value
        #expect(try HTTPGet.fetch(port: server.port, path: "/access").status == 401)
        let access = try HTTPGet.fetch(port: server.port, path: "/access?token=\(token)")
        #expect(access.status == 200)
        #expect(access.body.contains(#""tokenRequired":true"#) && access.body.contains(#""beyondLoopback":true"#))
    }

    @Test("a cookie header with 100 cookies, or one over the 16 KiB of headers a request may have, crashes nothing")
    func manyCookies() throws {
        let server = try LiveServer { $0.host = "0.0.0.0" }
        let token = try #require(server.server.accessToken).value
        let others = (0..<100).map { "c\($0)=v\($0)" }.joined(separator: "; ")
        let port = server.port
        let name = "carousel-preview-token-\(port)"
        #expect(
            try HTTPGet.fetch(port: port, path: "/", headers: ["Cookie: \(others); \(name)=\(token)"]).status == 200
        )
        #expect(try HTTPGet.fetch(port: port, path: "/", headers: ["Cookie: \(others)"]).status == 401)
        // Browsers keep every localhost server's cookies together (cookies ignore the port), so a
        // long header is ordinary: 12 KiB of them still reach the token.
        let long = (0..<1000).map { "c\($0)=v\($0)" }.joined(separator: "; ")
        #expect(long.utf8.count > 10_000)
        let answer = try HTTPGet.fetch(port: port, path: "/", headers: ["Cookie: \(long); \(name)=\(token)"])
        #expect(answer.status == 200)
        // Past 16 KiB of headers libwebsockets closes the connection without an answer.
        let huge = (0..<3000).map { "c\($0)=v\($0)" }.joined(separator: "; ")
        #expect(try HTTPGet.fetch(port: port, path: "/", headers: ["Cookie: \(huge)"]).status == 0)
        #expect(try HTTPGet.fetch(port: port, path: "/healthz").body == "ok")
    }

    @Test("--no-token serves beyond loopback without one; a given token is required even on loopback")
    func tokenSettings() throws {
        let open = try LiveServer {
            $0.host = "0.0.0.0"
            $0.token = .disabled
        }
        #expect(open.server.accessToken == nil)
        #expect(try HTTPGet.fetch(port: open.port, path: "/").status == 200)
        let given = AccessToken("a-given-token-for-a-cluster")!
        let worker = try LiveServer { $0.token = .required(given) }
        #expect(try HTTPGet.fetch(port: worker.port, path: "/").status == 401)
        #expect(try HTTPGet.fetch(port: worker.port, path: "/?token=\(given.value)").status == 200)
    }
}
