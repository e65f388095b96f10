import Foundation
import PreviewProtocol
import Testing

@testable import PreviewServer

/// The page's Content-Security-Policy is written once (`PagePolicy`): every HTML answer carries it
/// as a header, and every HTML file of `public/` as a `<meta>`, so the page keeps to it wherever it
/// is served from. Real Chromium runs a session under it in `Tests/Browser/test_page_policy.py`.
@Suite("The page's Content-Security-Policy: one policy, in every HTML answer and every HTML file")
struct PagePolicyTests {
    static func policies(_ response: HTTPResponse) -> [String] {
        response.headers.filter { $0.name == "content-security-policy" }.map(\.value)
    }

    @Test("img-src is this server, data: and blob: alone; frame-ancestors only in the header")
    func directives() {
        #expect(PagePolicy.directives.contains("img-src 'self' data: blob:"))
        #expect(PagePolicy.directives.contains("default-src 'self'"))
        #expect(PagePolicy.header.value.hasSuffix("; frame-ancestors 'self'"))
        // A <meta> cannot carry frame-ancestors: Chromium ignores it there and says so in the console.
        #expect(!PagePolicy.meta.contains("frame-ancestors"))
        #expect(
            !PagePolicy.header.value.contains("unsafe-inline") && !PagePolicy.header.value.contains("'unsafe-eval'")
        )
    }

    @Test("the page, Compare and a refusal page carry the policy as a header; a script, a style sheet do not")
    func headers() {
        for path in ["/", "/index.html", "/compare.html"] {
            let response = HTTPResponderTests.get(path).response
            #expect(response.isHTML, "\(path)")
            #expect(Self.policies(response).contains(PagePolicy.header.value), "\(path)")
        }
        let refused = HTTPResponderTests.get("/", query: []).response
        #expect(refused.status == 401 && Self.policies(refused).contains(PagePolicy.header.value))
        for path in ["/style.css", "/js/main.js", "/healthz", "/banners/spring-sale.svg"] {
            let response = HTTPResponderTests.get(path).response
            #expect(!Self.policies(response).contains(PagePolicy.header.value), "\(path)")
        }
    }

    @Test("every HTML file of public/ carries the policy's <meta> right after its charset, and no other policy")
    func metaElements() throws {
        let root = URL(fileURLWithPath: publicDirectory)
        let pages = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".html") }
        #expect(pages.sorted() == ["compare.html", "index.html"], "a new page: give it the <meta> too")
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            #expect(text.contains("<meta charset=\"utf-8\">\n\(PagePolicy.metaElement)\n"), "\(page)")
            #expect(text.components(separatedBy: "Content-Security-Policy").count == 2, "\(page)")
        }
    }
}
