/// The session's items in a Compose file: as data, a composable drawing one in the session's
/// template as the preview does (public/style.css's `.slot` and `[data-template]` rules), and a
/// screen showing them in the tuned carousel. Images are the app's assets: the handover's images/
/// copied to src/main/assets/images/, drawn with Coil 2 (io.coil-kt:coil-compose, and coil-svg for
/// the SVG ones: Android's own decoders draw no SVG).
extension ComposeSnippet {
    static let itemImports = [
        "androidx.compose.foundation.background",
        "androidx.compose.foundation.layout.BoxScope",
        "androidx.compose.foundation.layout.Column",
        "androidx.compose.foundation.layout.aspectRatio",
        "androidx.compose.foundation.layout.fillMaxSize",
        "androidx.compose.foundation.layout.fillMaxWidth",
        "androidx.compose.foundation.layout.padding",
        "androidx.compose.foundation.shape.RoundedCornerShape",
        "androidx.compose.material3.Text",
        "androidx.compose.ui.Alignment",
        "androidx.compose.ui.graphics.Brush",
        "androidx.compose.ui.graphics.Color",
        "androidx.compose.ui.platform.LocalContext",
        "androidx.compose.ui.text.font.FontWeight",
        "androidx.compose.ui.text.style.TextOverflow",
        "androidx.compose.ui.unit.sp",
        "coil.compose.AsyncImage",
        "coil.decode.SvgDecoder",
        "coil.request.ImageRequest",
    ]

    static func items(_ model: HandoverModel) -> [String] {
        let s = CodeString.kotlin
        var lines = [
            "",
            "/** One item as the session had it; `image`: its file in the handover's images/ folder. */",
            "data class TunedCarouselItem(val title: String, val subtitle: String, val price: String, val badge: String, val image: String?)",
            "",
            "/** The session's items, in the carousel's order. */",
            "val tunedCarouselItems = listOf(",
        ]
        for item in model.items {
            let image = item.imageFile.map(s) ?? "null"
            lines.append(
                "    TunedCarouselItem(title = \(s(item.title)), subtitle = \(s(item.subtitle)), price = \(s(item.price)), "
                    + "badge = \(s(item.badge)), image = \(image)),"
            )
        }
        lines += [")", ""]
        lines += itemView(model)
        lines += [
            "",
            "/** An image of the handover's images/ folder (in the app's assets), fitted as the preview fits it. */",
            "@Composable",
            "private fun TunedCarouselImage(file: String?, modifier: Modifier) {",
            "    if (file == null) return",
            "    val request = ImageRequest.Builder(LocalContext.current).data(\"file:///android_asset/images/$file\")",
            "    if (file.endsWith(\".svg\")) request.decoderFactory(SvgDecoder.Factory())",
            "    AsyncImage(model = request.build(), contentDescription = null, modifier = modifier, contentScale = TunedCarouselImageScale)",
            "}",
            "",
            "/** A badge at the item's top start corner. */",
            "@Composable",
            "private fun BoxScope.TunedCarouselBadge(badge: String) {",
            "    if (badge.isEmpty()) return",
            "    Text(",
            "        badge,",
            "        modifier = Modifier.align(Alignment.TopStart).padding(10.dp)",
            "            .background(Color(0xFFC92A2A), RoundedCornerShape(10.dp)).padding(horizontal = 8.dp, vertical = 2.dp),",
            "        color = Color.White, fontSize = 11.sp, fontWeight = FontWeight.Bold, maxLines = 1,",
            "    )",
            "}",
            "",
            "/** The tuned carousel of the session's items, ready to show. */",
            "@Composable",
            "fun TunedCarouselScreen() {",
            "    TunedCarousel(itemCount = tunedCarouselItems.size) { index -> TunedCarouselItemView(tunedCarouselItems[index]) }",
            "}",
        ]
        return lines
    }

    /// The template's composable: banner, product tile or text card.
    private static func itemView(_ model: HandoverModel) -> [String] {
        let ellipsis = "maxLines = 1, overflow = TextOverflow.Ellipsis"
        var body: [String]
        switch model.template {
        case .banner:
            body = [
                "Box(Modifier.fillMaxSize().background(Color(0xFFDEE2E6))) {",
                "    TunedCarouselImage(item.image, Modifier.fillMaxSize())",
                "    if (item.title.isNotEmpty() || item.subtitle.isNotEmpty()) {",
                "        Column(",
                "            Modifier.align(Alignment.BottomStart).fillMaxWidth()",
                "                .background(Brush.verticalGradient(listOf(Color.Transparent, Color(0x8C000000))))",
                "                .padding(start = 18.dp, top = 16.dp, end = 18.dp, bottom = 14.dp),",
                "        ) {",
                "            Text(item.title, color = Color.White, fontSize = 20.sp, fontWeight = FontWeight.Bold, \(ellipsis))",
                "            Text(item.subtitle, color = Color.White.copy(alpha = 0.9f), fontSize = 13.sp, \(ellipsis))",
                "        }",
                "    }",
                "    TunedCarouselBadge(item.badge)",
                "}",
            ]
        case .product:
            body = [
                "Box(Modifier.fillMaxSize().background(Color.White)) {",
                "    Column {",
                "        Box(Modifier.fillMaxWidth().aspectRatio(1f).background(Color(0xFFDEE2E6))) {",
                "            TunedCarouselImage(item.image, Modifier.fillMaxSize())",
                "        }",
                "        Column(Modifier.padding(start = 10.dp, top = 8.dp, end = 10.dp, bottom = 10.dp)) {",
                "            Text(item.title, color = Color(0xFF1D2330), fontSize = 14.sp, fontWeight = FontWeight.Bold, \(ellipsis))",
                "            Text(item.subtitle, color = Color(0xFF6B7385), fontSize = 12.sp, \(ellipsis))",
                "            if (item.price.isNotEmpty()) {",
                "                Text(item.price, color = Color(0xFF3B5BDB), fontSize = 14.sp, fontWeight = FontWeight.Bold)",
                "            }",
                "        }",
                "    }",
                "    TunedCarouselBadge(item.badge)",
                "}",
            ]
        case .text:
            body = [
                "Box(",
                "    Modifier.fillMaxSize()",
                "        .background(Brush.linearGradient(listOf(Color(0xFF364FC7), Color(0xFF5F3DC4))))",
                "        .padding(horizontal = 20.dp, vertical = 16.dp),",
                "    contentAlignment = Alignment.CenterStart,",
                ") {",
                "    Column {",
                "        Text(item.title, color = Color.White, fontSize = 20.sp, fontWeight = FontWeight.Bold, \(ellipsis))",
                "        Text(item.subtitle, color = Color.White, fontSize = 15.sp, maxLines = 3, overflow = TextOverflow.Ellipsis)",
                "    }",
                "}",
            ]
        }
        return [
            "/** An item as the preview draws it (template \(model.template.rawValue)). */",
            "@Composable",
            "fun TunedCarouselItemView(item: TunedCarouselItem) {",
        ] + body.map { "    " + $0 } + ["}"]
    }
}
