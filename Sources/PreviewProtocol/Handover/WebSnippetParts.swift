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
            "// The sizes and the items' look, in CSS (the library takes them from the page):",
            "//   \(container) { width: \(n(c.viewportWidth))px; height: \(n(c.viewportHeight))px; }",
            "//   \(slide) { width: \(n(width))px; height: \(n(height))px; flex-shrink: 0; }",
        ]
        lines += look(model, slide: slide)
        if model.isRightToLeft { lines.append("// and dir=\"rtl\" on the carousel's element.") }
        return lines
    }

    /// An item's corners (cornerRadius) and how its image fills it (imageFit), as the preview's own
    /// page draws them: CSS lines for `slide` and its image.
    static func look(_ model: HandoverModel, slide: String) -> [String] {
        let c = model.configuration
        return [
            "//   \(slide) { border-radius: \(CodeNumber.text(c.cornerRadius))px; overflow: hidden; }",
            "//   \(slide) img { width: 100%; height: 100%; object-fit: \(c.imageFit.rawValue); }",
        ]
    }

    static func snippet(_ model: HandoverModel, _ target: ExportTarget, _ lines: [String]) -> HandoverSnippet {
        model.snippet(target, file: "tuned-carousel.\(target.rawValue).js", lines: lines)
    }
}
