import Testing

@testable import PreviewProtocol

/// The HTML report stands alone (no script, no outside file), says every gesture under every
/// carousel, plots each carousel's motion per gesture, and escapes what a file name or label holds.
@Suite("Feel's HTML report")
struct FeelHTMLTests {
    @Test("two carousels: a section per gesture with a row and a line each; names escaped; nothing fetched")
    func report() throws {
        let gestures = [FeelRunTests.flick("<b>flick</b> & \"co\""), FeelRunTests.flick("gentle", step: 6)]
        let a = try FeelReport(
            label: "A <script>alert(1)</script>",
            settings: try FeelRunTests.banner(),
            gestures: gestures
        )
        let b = try FeelReport(
            label: "B",
            settings: try FeelRunTests.banner(#"{"springFrequency":8}"#),
            gestures: gestures
        )
        let page = FeelHTML.page([a, b])
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(!page.contains("<script") && !page.contains("<b>") && !page.contains("src=") && !page.contains("http"))
        #expect(page.contains("A &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&lt;b&gt;flick&lt;/b&gt; &amp; &quot;co&quot; #1"))
        #expect(page.components(separatedBy: "<section>").count - 1 == 2)
        #expect(page.components(separatedBy: "<polyline").count - 1 == 4, "a line per carousel per gesture")
        #expect(page.contains("stroke=\"#3b5bdb\"") && page.contains("stroke=\"#d9480f\""))
        // Each row ends with its verdict, and each carousel's summary heads the page.
        #expect(page.components(separatedBy: "<td class=\"verdict\">").count - 1 == 4)
        #expect(page.contains("<th>verdict</th>") && page.contains("<p>B: 2 recorded gestures: "))
        // Each plot names what it shows for a screen reader.
        #expect(page.components(separatedBy: "role=\"img\" aria-label=\"Position against time over ").count - 1 == 2)
    }

    @Test("a report made from scores alone (no motion kept) has its table and no plot")
    func withoutTraces() {
        let score = FeelScore(
            gesture: "g",
            samples: [FeelSample(time: 0, offset: 0, velocity: 0, index: 0, isIdle: true)],
            release: 0,
            pitch: nil,
            itemCount: 1
        )
        let page = FeelHTML.page([FeelReport(label: "only", scores: [score])])
        #expect(page.contains("<h2>g</h2>") && !page.contains("<svg"))
    }
}
