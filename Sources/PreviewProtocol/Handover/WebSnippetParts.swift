/// What the three web libraries' snippets share: an ES module that the type checker reads
/// (`// @ts-check`, the options typed by the library's own type), and the CSS the libraries leave
/// to the page (the carousel's and the slides' sizes), as a comment to copy into a style sheet.
enum WebSnippetParts {
    static func opening(_ model: HandoverModel, _ target: ExportTarget) -> [String] {
        model.header(for: target).map { "// " + $0 } + ["// @ts-check", ""]
    }

    /// The sizes the preview draws, as CSS for `container` and its `slide`s.
    static func css(_ model: HandoverModel, container: String, slide: String) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let (width, height) =
            model.isHorizontal ? (model.itemLength, model.itemThickness) : (model.itemThickness, model.itemLength)
        var lines = [
            "",
            "// The sizes, in CSS (the library takes them from the page):",
            "//   \(container) { width: \(n(c.viewportWidth))px; height: \(n(c.viewportHeight))px; }",
            "//   \(slide) { width: \(n(width))px; height: \(n(height))px; flex-shrink: 0; }",
        ]
        if model.isRightToLeft { lines.append("// and dir=\"rtl\" on the carousel's element.") }
        return lines
    }

    static func snippet(_ model: HandoverModel, _ target: ExportTarget, _ lines: [String]) -> HandoverSnippet {
        model.snippet(target, file: "tuned-carousel.\(target.rawValue).js", lines: lines)
    }
}
