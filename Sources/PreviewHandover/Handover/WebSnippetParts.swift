/// What the three web libraries' files share: an ES module that the type checker reads
/// (`// @ts-check`, the options typed by the library's own type), the items as data, and the
/// markup and CSS that draw them as the preview does, so the file is a carousel as it stands: it
/// fills the page's `.tuned-carousel` element with the library's markup and its `<style>`.
enum WebSnippetParts {
    static func opening(_ model: HandoverModel, _ target: ExportTarget, version: String) -> [String] {
        ["// Written for \(version)."] + model.header(for: target).map { "// " + $0 }
            + WebParityNotes.lines(for: target)
            + ["// @ts-check", ""]
    }

    /// The items as data and the function that writes one item's markup (`WebItemTemplate`).
    static func items(_ model: HandoverModel) -> [String] {
        WebItemTemplate.items(model) + WebItemTemplate.markup
    }

    /// The page's `.tuned-carousel` element, checked, and filled: `shell` wraps the slides (each
    /// `<slideTag class="slideClass" data-item="i">`) in the library's markup.
    static func markup(shell: (String) -> String, slideTag: String, slideClass: String) -> [String] {
        [
            "const root = document.querySelector('.tuned-carousel');",
            "if (!(root instanceof HTMLElement)) throw new Error('no .tuned-carousel element on the page');",
            "const slides = items",
            "  .map((item, index) => `<\(slideTag) class=\"\(slideClass)\" data-item=\"${index}\">${itemMarkup(item)}</\(slideTag)>`)",
            "  .join('');",
            "root.innerHTML = \(shell("${slides}"));",
            "",
        ]
    }

    /// `rules` and the template's CSS as a `<style>` element the module adds to the page.
    static func style(_ model: HandoverModel, rules: [String], slide: String) -> [String] {
        let css = rules + WebItemTemplate.css(model, slide: slide)
        return ["const style = document.createElement('style');", "style.textContent = `"]
            + css.map { "  " + $0 } + ["`;", "document.head.append(style);", ""]
    }

    /// The viewport's size and a slide's, as CSS declarations.
    static func sizes(_ model: HandoverModel) -> (viewport: String, slide: String) {
        let c = model.configuration
        let n = CodeNumber.text
        let (width, height) =
            model.isHorizontal ? (model.itemLength, model.itemThickness) : (model.itemThickness, model.itemLength)
        return (
            "width: \(n(c.viewportWidth))px; height: \(n(c.viewportHeight))px;",
            "width: \(n(width))px; height: \(n(height))px; flex-shrink: 0;"
        )
    }

    static func snippet(_ model: HandoverModel, _ target: ExportTarget, _ lines: [String]) -> HandoverSnippet {
        model.snippet(target, file: "tuned-carousel.\(target.rawValue).js", lines: lines)
    }
}
