/// The session's items in a Flutter file: as data, a widget drawing one in the session's template as
/// the preview does (public/style.css's `.slot` and `[data-template]` rules), and a screen showing
/// them in the tuned carousel. Images are assets: the handover's images/ listed under `assets:` in
/// pubspec.yaml; an SVG is drawn with flutter_svg 2 (Image.asset draws no SVG).
extension FlutterSnippet {
    /// Whether any item's image is an SVG, which needs flutter_svg's import.
    static func needsSVG(_ model: HandoverModel) -> Bool {
        model.items.contains { $0.imageFile?.hasSuffix(".svg") ?? false }
    }

    static func items(_ model: HandoverModel) -> [String] {
        let s = CodeString.dart
        var lines = [
            "",
            "/// One item as the session had it; `image`: its file in the handover's images/ folder.",
            "class TunedCarouselItem {",
            "  const TunedCarouselItem({required this.title, required this.subtitle, required this.price, required this.badge, this.image});",
            "",
            "  final String title;",
            "  final String subtitle;",
            "  final String price;",
            "  final String badge;",
            "  final String? image;",
            "}",
            "",
            "/// The session's items, in the carousel's order.",
            "const tunedCarouselItems = <TunedCarouselItem>[",
        ]
        for item in model.items {
            let image = item.imageFile.map { ", image: \(s($0))" } ?? ""
            lines.append(
                "  TunedCarouselItem(title: \(s(item.title)), subtitle: \(s(item.subtitle)), price: \(s(item.price)), "
                    + "badge: \(s(item.badge))\(image)),"
            )
        }
        lines += ["];", ""]
        lines += itemWidget(model)
        let image =
            needsSVG(model)
            ? "file.endsWith('.svg') ? SvgPicture.asset('images/$file', fit: tunedCarouselImageFit) : Image.asset('images/$file', fit: tunedCarouselImageFit)"
            : "Image.asset('images/$file', fit: tunedCarouselImageFit)"
        lines += [
            "",
            "/// An image of the handover's images/ folder, fitted as the preview fits it.",
            "Widget _tunedCarouselImage(String file) => \(image);",
            "",
            "/// A product tile's or banner's badge, at its top start corner.",
            "Widget _tunedCarouselBadge(String badge) => PositionedDirectional(",
            "      start: 10,",
            "      top: 10,",
            "      child: DecoratedBox(",
            "        decoration: BoxDecoration(color: const Color(0xFFC92A2A), borderRadius: BorderRadius.circular(10)),",
            "        child: Padding(",
            "          padding: const EdgeInsets.symmetric(horizontal: 8, vertical: 2),",
            "          child: Text(badge, maxLines: 1, overflow: TextOverflow.ellipsis, style: const TextStyle(color: Colors.white, fontSize: 11, fontWeight: FontWeight.bold)),",
            "        ),",
            "      ),",
            "    );",
            "",
            "/// The tuned carousel of the session's items, ready to show.",
            "class TunedCarouselScreen extends StatelessWidget {",
            "  const TunedCarouselScreen({super.key});",
            "",
            "  @override",
            "  Widget build(BuildContext context) {",
            "    return Center(",
            "      child: TunedCarousel(",
            "        itemCount: tunedCarouselItems.length,",
            "        itemBuilder: (context, index) => TunedCarouselItemView(item: tunedCarouselItems[index]),",
            "      ),",
            "    );",
            "  }",
            "}",
        ]
        return lines
    }

    /// The template's widget: banner, product tile or text card.
    private static func itemWidget(_ model: HandoverModel) -> [String] {
        let title = { (size: Int, color: String) in
            "Text(item.title, maxLines: 1, overflow: TextOverflow.ellipsis, style: const TextStyle(color: \(color), fontSize: \(size), fontWeight: FontWeight.bold)),"
        }
        var body: [String]
        switch model.template {
        case .banner:
            body = [
                "return Stack(fit: StackFit.expand, children: [",
                "  const ColoredBox(color: Color(0xFFDEE2E6)),",
                "  if (item.image != null) _tunedCarouselImage(item.image!),",
                "  if (item.title.isNotEmpty || item.subtitle.isNotEmpty)",
                "    Align(",
                "      alignment: AlignmentDirectional.bottomStart,",
                "      child: Container(",
                "        width: double.infinity,",
                "        padding: const EdgeInsetsDirectional.fromSTEB(18, 16, 18, 14),",
                "        decoration: const BoxDecoration(",
                "          gradient: LinearGradient(begin: Alignment.topCenter, end: Alignment.bottomCenter, colors: [Color(0x00000000), Color(0x8C000000)]),",
                "        ),",
                "        child: Column(mainAxisSize: MainAxisSize.min, crossAxisAlignment: CrossAxisAlignment.start, children: [",
                "          \(title(20, "Colors.white"))",
                "          Text(item.subtitle, maxLines: 1, overflow: TextOverflow.ellipsis, style: const TextStyle(color: Color(0xE6FFFFFF), fontSize: 13)),",
                "        ]),",
                "      ),",
                "    ),",
                "  if (item.badge.isNotEmpty) _tunedCarouselBadge(item.badge),",
                "]);",
            ]
        case .product:
            body = [
                "return Stack(children: [",
                "  ColoredBox(",
                "    color: Colors.white,",
                "    child: Column(crossAxisAlignment: CrossAxisAlignment.stretch, children: [",
                "      Flexible(",
                "        child: AspectRatio(",
                "          aspectRatio: 1,",
                "          child: ColoredBox(",
                "            color: const Color(0xFFDEE2E6),",
                "            child: item.image != null ? _tunedCarouselImage(item.image!) : null,",
                "          ),",
                "        ),",
                "      ),",
                "      Padding(",
                "        padding: const EdgeInsetsDirectional.fromSTEB(10, 8, 10, 10),",
                "        child: Column(crossAxisAlignment: CrossAxisAlignment.start, children: [",
                "          \(title(14, "Color(0xFF1D2330)"))",
                "          Text(item.subtitle, maxLines: 1, overflow: TextOverflow.ellipsis, style: const TextStyle(color: Color(0xFF6B7385), fontSize: 12)),",
                "          if (item.price.isNotEmpty)",
                "            Text(item.price, style: const TextStyle(color: Color(0xFF3B5BDB), fontSize: 14, fontWeight: FontWeight.bold)),",
                "        ]),",
                "      ),",
                "    ]),",
                "  ),",
                "  if (item.badge.isNotEmpty) _tunedCarouselBadge(item.badge),",
                "]);",
            ]
        case .text:
            body = [
                "return Container(",
                "  padding: const EdgeInsets.symmetric(horizontal: 20, vertical: 16),",
                "  alignment: AlignmentDirectional.centerStart,",
                "  decoration: const BoxDecoration(",
                "    gradient: LinearGradient(begin: Alignment.topLeft, end: Alignment.bottomRight, colors: [Color(0xFF364FC7), Color(0xFF5F3DC4)]),",
                "  ),",
                "  child: Column(mainAxisSize: MainAxisSize.min, crossAxisAlignment: CrossAxisAlignment.start, children: [",
                "    \(title(20, "Colors.white"))",
                "    Text(item.subtitle, maxLines: 3, overflow: TextOverflow.ellipsis, style: const TextStyle(color: Colors.white, fontSize: 15)),",
                "  ]),",
                ");",
            ]
        }
        return [
            "/// An item as the preview draws it (template \(model.template.rawValue)).",
            "class TunedCarouselItemView extends StatelessWidget {",
            "  const TunedCarouselItemView({super.key, required this.item});",
            "",
            "  final TunedCarouselItem item;",
            "",
            "  @override",
            "  Widget build(BuildContext context) {",
        ] + body.map { "    " + $0 } + ["  }", "}"]
    }
}
