import Foundation
import PreviewTesting
import Testing

@testable import PreviewServer

/// docs/reference is written by the code it describes (`carousel-preview reference TOPIC`); a page
/// someone edited by hand, or one the code moved away from, fails here.
@Suite("The generated reference pages are what the code writes")
struct ReferenceDocsTests {
    @Test(
        "docs/reference/TOPIC.md is what `carousel-preview reference TOPIC` prints (run `make docs` when this fails)",
        arguments: ["cli", "configuration", "endpoints", "messages", "frameworks"]
    )
    func pageIsCurrent(topic: String) throws {
        let (status, output, errors) = try ReplayCommandTests.run(["reference", topic])
        #expect(status == 0, "\(errors)")
        let committed = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/reference/\(topic).md"),
            encoding: .utf8
        )
        #expect(committed == output, "docs/reference/\(topic).md is stale: run `make docs`")
    }

    @Test("the endpoint paths nginx routes are the router's, one a line")
    func endpointPaths() throws {
        let (status, output, _) = try ReplayCommandTests.run(["reference", "endpoint-paths"])
        #expect(status == 0)
        #expect(output == "/healthz\n/stats\n/access\n/qr.svg\n/media/\n")
    }

    @Test("the page's policy, for nginx: the header's value on one line, as every HTML answer carries it")
    func pagePolicy() throws {
        let (status, output, _) = try ReplayCommandTests.run(["reference", "page-policy"])
        #expect(status == 0)
        #expect(output == PagePolicy.header.value + "\n")
    }

    @Test("an unknown topic is refused, naming the topics")
    func unknownTopic() throws {
        let (status, _, errors) = try ReplayCommandTests.run(["reference", "everything"])
        #expect(status != 0)
        #expect(
            errors.contains(
                "cli, configuration, endpoints, messages, frameworks, endpoint-paths, page-policy"
            ),
            "\(errors)"
        )
    }
}
