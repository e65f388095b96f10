/// What the three web libraries' files share: an ES module that the type checker reads
/// (`// @ts-check`, the options typed by the library's own type), the items as data, and the
/// markup and CSS that draw them as the preview does, so the file is a carousel as it stands: it
/// fills the page's `.tuned-carousel` element with the library's markup and its `<style>`.
enum WebSnippetParts {
    static func opening(_ model: HandoverModel, _ target: ExportTarget, version: String) -> [String] {
        ["// Written for \(version)."] + model.header(for: target).map { "// " + $0 } + ["// @ts-check", ""]
    }

    /// The items as data, one object literal a line.
    static func items(_ model: HandoverModel) -> [String] {
        let rows = (0..<model.itemCount).map { index in
            "  { title: \(javaScriptString("Item \(index + 1)")) },"
        }
        return ["/** The carousel's items, in order. */", "/** @type {{ title: string }[]} */", "const items = ["]
            + rows + ["];", ""]
    }

    /// The page's `.tuned-carousel` element, checked, and the function that fills it: `shell`
    /// wraps the slides (each `<slideTag class="slideClass" data-item="i">`) in the library's markup.
    static func markup(shell: (String) -> String, slideTag: String, slideClass: String) -> [String] {
        [
            "const root = document.querySelector('.tuned-carousel');",
            "if (!(root instanceof HTMLElement)) throw new Error('no .tuned-carousel element on the page');",
            "/** @param {{ title: string }} item @param {number} index */",
            "const slide = (item, index) =>",
            "  `<\(slideTag) class=\"\(slideClass)\" data-item=\"${index}\"><div class=\"tuned-item\">` +",
            "  `<span class=\"tuned-title\">${escapeHTML(item.title)}</span></div></\(slideTag)>`;",
            "root.innerHTML = \(shell("${items.map(slide).join('')}"));",
            "",
        ]
    }

    /// HTML's five special characters as entities, for text put into markup.
    static let escapeHTML = [
        "/** @param {string} text */",
        "const escapeHTML = (text) =>",
        "  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\"/g, '&quot;');",
        "",
    ]

    /// `rules` and the items' look as a `<style>` element the module adds to the page.
    static func style(_ model: HandoverModel, rules: [String], slide: String) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let look = [
            "\(slide) .tuned-item { width: 100%; height: 100%; border-radius: \(n(c.cornerRadius))px; overflow: hidden;"
                + " box-sizing: border-box; display: flex; align-items: flex-end; padding: 12px; background: #2f5d8a; }",
            "\(slide) .tuned-item img { width: 100%; height: 100%; object-fit: \(c.imageFit.rawValue); }",
            "\(slide) .tuned-title { color: #fff; font: 600 16px system-ui, sans-serif; }",
        ]
        return ["const style = document.createElement('style');", "style.textContent = `"]
            + (rules + look).map { "  " + $0 } + ["`;", "document.head.append(style);", ""]
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

    /// A JavaScript string literal of `text` (single quotes).
    static func javaScriptString(_ text: String) -> String {
        var out = "'"
        for character in text.unicodeScalars {
            switch character {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{2028}", "\u{2029}": out += "\\u\(String(character.value, radix: 16))"
            default: out.unicodeScalars.append(character)
            }
        }
        return out + "'"
    }

    static func snippet(_ model: HandoverModel, _ target: ExportTarget, _ lines: [String]) -> HandoverSnippet {
        model.snippet(target, file: "tuned-carousel.\(target.rawValue).js", lines: lines)
    }
}
