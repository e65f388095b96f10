import CarouselCore

/// The session's items and its template as the web three's files draw them: the items as data (a
/// JavaScript array), a function that writes one item's markup, and the CSS of the template as the
/// preview's page draws it (public/style.css, `.slot` and its `[data-template]` rules): a banner is
/// the image filling the item with the caption at its foot on a shade; a product tile a square image
/// then the title, the subtitle and the price on white; a text card the words on a colour. A badge
/// sits at the top's start.
enum WebItemTemplate {
    /// `const items = [...]`: each item's words and its image's path under `images/`.
    static func items(_ model: HandoverModel) -> [String] {
        let js = CodeString.javaScript
        let rows = model.items.map { item in
            let image = item.imageFile.map { js("images/" + $0) } ?? "null"
            return "  { title: \(js(item.title)), subtitle: \(js(item.subtitle)), price: \(js(item.price)),"
                + " badge: \(js(item.badge)), image: \(image) },"
        }
        return [
            "/** The carousel's items, in order; `image` is a path from this file (the handover's images/ beside it). */",
            "/** @type {{ title: string, subtitle: string, price: string, badge: string, image: string | null }[]} */",
            "const items = [",
        ] + rows + ["];", ""]
    }

    /// `itemMarkup(item)`: the inside of one slide, the text escaped.
    static let markup = [
        "/** @param {string} text */",
        "const escapeHTML = (text) =>",
        "  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\"/g, '&quot;');",
        "/** @param {(typeof items)[number]} item */",
        "const itemMarkup = (item) =>",
        "  `<div class=\"tuned-item\">` +",
        "  (item.image ? `<img src=\"${escapeHTML(new URL(item.image, import.meta.url).href)}\" alt=\"\" draggable=\"false\">` : '') +",
        "  (item.badge ? `<span class=\"tuned-badge\">${escapeHTML(item.badge)}</span>` : '') +",
        "  `<div class=\"tuned-caption\"><div class=\"tuned-title\">${escapeHTML(item.title)}</div>` +",
        "  (item.subtitle ? `<div class=\"tuned-subtitle\">${escapeHTML(item.subtitle)}</div>` : '') +",
        "  (item.price ? `<div class=\"tuned-price\">${escapeHTML(item.price)}</div>` : '') +",
        "  `</div></div>`;",
        "",
    ]

    /// The template's CSS for `.tuned-item` inside `slide`.
    static func css(_ model: HandoverModel, slide: String) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let item = "\(slide) .tuned-item"
        var rules = [
            "\(item) { position: relative; width: 100%; height: 100%; box-sizing: border-box;"
                + " border-radius: \(n(c.cornerRadius))px; overflow: hidden; background: #dee2e6; font-family: system-ui, sans-serif; }",
            "\(item) img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: \(c.imageFit.rawValue);"
                + " pointer-events: none; }",
            "\(item) .tuned-caption { position: absolute; left: 0; right: 0; bottom: 0; padding: 16px 18px 14px;"
                + " background: linear-gradient(transparent, rgba(0, 0, 0, .55)); color: #fff; }",
            "\(item) :is(.tuned-title, .tuned-subtitle, .tuned-price) { white-space: nowrap; overflow: hidden;"
                + " text-overflow: ellipsis; text-align: start; }",
            "\(item) .tuned-title { font-weight: 700; font-size: 20px; line-height: 1.2; }",
            "\(item) .tuned-subtitle { font-size: 13px; opacity: .9; margin-top: 2px; }",
            "\(item) .tuned-price { font-weight: 700; font-size: 15px; margin-top: 4px; }",
            "\(item) .tuned-badge { position: absolute; top: 10px; inset-inline-start: 10px; padding: 2px 8px;"
                + " border-radius: 10px; background: #c92a2a; color: #fff; font-size: 11px; font-weight: 700; }",
        ]
        switch model.template {
        case .banner:
            break
        case .product:
            rules += [
                "\(item) { display: flex; flex-direction: column; background: #fff; }",
                "\(item) img { position: static; flex: 0 1 auto; min-height: 0; height: auto; aspect-ratio: 1; }",
                "\(item) .tuned-caption { position: static; flex: none; padding: 8px 10px 10px; background: none;"
                    + " color: #1d2330; }",
                "\(item) .tuned-title { font-size: 14px; }",
                "\(item) .tuned-subtitle { font-size: 12px; color: #6b7385; opacity: 1; }",
                "\(item) .tuned-price { color: #3b5bdb; font-size: 14px; }",
            ]
        case .text:
            rules += [
                "\(item) { background: linear-gradient(135deg, #364fc7, #5f3dc4); }",
                "\(item) img { display: none; }",
                "\(item) .tuned-caption { top: 0; display: flex; flex-direction: column; justify-content: center;"
                    + " background: none; padding: 16px 20px; }",
                "\(item) .tuned-subtitle { white-space: normal; display: -webkit-box; -webkit-box-orient: vertical;"
                    + " -webkit-line-clamp: 3; font-size: 15px; }",
            ]
        }
        return rules
    }
}
