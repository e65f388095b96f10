/// The session's items in a SwiftUI file: as data, a view drawing one in the session's template as
/// the preview does (public/style.css's `.slot` and `[data-template]` rules), and a screen showing
/// them in the tuned carousel. Images are asset names: each file of the handover's images/ added to
/// the asset catalog under its name without the extension.
extension SwiftUISnippet {
    static func items(_ model: HandoverModel) -> [String] {
        var lines = [
            "",
            "/// One item as the session had it. `imageName`: its image in the asset catalog (the file in the",
            "/// handover's images/ folder, added under its name without the extension).",
            "struct TunedCarouselItem: Identifiable {",
            "    let id: Int",
            "    let title: String",
            "    let subtitle: String",
            "    let price: String",
            "    let badge: String",
            "    let imageName: String?",
            "}",
            "",
            "/// The session's items, in the carousel's order.",
            "let tunedCarouselItems: [TunedCarouselItem] = [",
        ]
        for (index, item) in model.items.enumerated() {
            let s = CodeString.swift
            let image = item.imageFile.map { s(assetName($0)) } ?? "nil"
            lines.append(
                "    TunedCarouselItem(id: \(index), title: \(s(item.title)), subtitle: \(s(item.subtitle)), "
                    + "price: \(s(item.price)), badge: \(s(item.badge)), imageName: \(image)),"
            )
        }
        lines += ["]", ""]
        lines += itemView(model)
        lines += [
            "",
            "/// The tuned carousel of the session's items, ready to show.",
            "@available(iOS 17.0, *)",
            "struct TunedCarouselScreen: View {",
            "    var body: some View {",
            "        TunedCarousel(items: tunedCarouselItems) { item in TunedCarouselItemView(item: item) }",
            "    }",
            "}",
        ]
        return lines
    }

    /// An image's asset name: its file name without the extension.
    static func assetName(_ file: String) -> String {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// The template's view: banner, product tile or text card.
    private static func itemView(_ model: HandoverModel) -> [String] {
        let badge = [
            ".overlay(alignment: .topLeading) {",
            "    if !item.badge.isEmpty {",
            "        Text(item.badge).font(.system(size: 11, weight: .bold)).foregroundStyle(.white).lineLimit(1)",
            "            .padding(.horizontal, 8).padding(.vertical, 2)",
            "            .background(Color(red: 0.788, green: 0.165, blue: 0.165), in: Capsule())",
            "            .padding(10)",
            "    }",
            "}",
        ]
        var body: [String]
        switch model.template {
        case .banner:
            body =
                [
                    "ZStack(alignment: .bottomLeading) {",
                    "    Color(red: 0.871, green: 0.886, blue: 0.902)",
                    "    image",
                    "    if !item.title.isEmpty || !item.subtitle.isEmpty {",
                    "        VStack(alignment: .leading, spacing: 2) {",
                    "            Text(item.title).font(.system(size: 20, weight: .bold)).lineLimit(1)",
                    "            Text(item.subtitle).font(.system(size: 13)).opacity(0.9).lineLimit(1)",
                    "        }",
                    "        .foregroundStyle(.white)",
                    "        .padding(EdgeInsets(top: 16, leading: 18, bottom: 14, trailing: 18))",
                    "        .frame(maxWidth: .infinity, alignment: .leading)",
                    "        .background(LinearGradient(colors: [.clear, .black.opacity(0.55)], startPoint: .top, endPoint: .bottom))",
                    "    }",
                    "}",
                ] + badge
        case .product:
            body =
                [
                    "VStack(alignment: .leading, spacing: 0) {",
                    "    Color(red: 0.871, green: 0.886, blue: 0.902)",
                    "        .aspectRatio(1, contentMode: .fit)",
                    "        .overlay { image }",
                    "        .clipped()",
                    "    VStack(alignment: .leading, spacing: 2) {",
                    "        Text(item.title).font(.system(size: 14, weight: .bold)).lineLimit(1)",
                    "        Text(item.subtitle).font(.system(size: 12)).foregroundStyle(Color(red: 0.42, green: 0.451, blue: 0.522)).lineLimit(1)",
                    "        if !item.price.isEmpty {",
                    "            Text(item.price).font(.system(size: 14, weight: .bold)).foregroundStyle(Color(red: 0.231, green: 0.357, blue: 0.859))",
                    "        }",
                    "    }",
                    "    .padding(EdgeInsets(top: 8, leading: 10, bottom: 10, trailing: 10))",
                    "}",
                    ".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)",
                    ".background(Color.white)",
                ] + badge
        case .text:
            body = [
                "VStack(alignment: .leading, spacing: 2) {",
                "    Text(item.title).font(.system(size: 20, weight: .bold)).lineLimit(1)",
                "    Text(item.subtitle).font(.system(size: 15)).lineLimit(3)",
                "}",
                ".foregroundStyle(.white)",
                ".padding(EdgeInsets(top: 16, leading: 20, bottom: 16, trailing: 20))",
                ".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)",
                ".background(",
                "    LinearGradient(",
                "        colors: [Color(red: 0.212, green: 0.31, blue: 0.78), Color(red: 0.373, green: 0.239, blue: 0.769)],",
                "        startPoint: .topLeading, endPoint: .bottomTrailing",
                "    )",
                ")",
            ]
        }
        var lines = [
            "/// An item as the preview draws it (template \(model.template.rawValue)).",
            "struct TunedCarouselItemView: View {",
            "    let item: TunedCarouselItem",
            "",
            "    var body: some View {",
        ]
        lines += body.map { "        " + $0 }
        lines += ["    }"]
        if model.template != .text {
            lines += [
                "",
                "    /// The item's image, fitted as the preview fits it, cut to the item.",
                "    @ViewBuilder private var image: some View {",
                "        if let name = item.imageName {",
                "            Image(name).tunedCarouselFit().frame(maxWidth: .infinity, maxHeight: .infinity).clipped()",
                "        }",
                "    }",
            ]
        }
        lines.append("}")
        return lines
    }
}
