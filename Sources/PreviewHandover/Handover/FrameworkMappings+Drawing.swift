/// How an item is drawn: its image's fit and its corners. Unlike the template (a team ships its own
/// item views), every framework says both in a word, so each snippet writes them.
extension FrameworkMappings {
    static let drawingRows: [String: FrameworkRow] = [
        "imageFit": FrameworkRow(
            swiftUI: .exact("Image(...).resizable().aspectRatio(contentMode: .fill / .fit)"),
            uiKit: .exact("UIImageView.contentMode = .scaleAspectFill / .scaleAspectFit"),
            compose: .exact("Image(contentScale = ContentScale.Crop / ContentScale.Fit)"),
            flutter: .exact("Image(fit: BoxFit.cover / BoxFit.contain)"),
            swiper: css("object-fit: cover / contain on the slide's image"),
            embla: css("object-fit: cover / contain on the slide's image"),
            splide: css("object-fit: cover / contain on the slide's image")
        ),
        "cornerRadius": FrameworkRow(
            swiftUI: .exact(".clipShape(RoundedRectangle(cornerRadius: r)) on each item"),
            uiKit: .exact("cell.contentView.layer.cornerRadius = r, clipsToBounds = true"),
            compose: .exact("Modifier.clip(RoundedCornerShape(r.dp)) on each page"),
            flutter: .exact("ClipRRect(borderRadius: BorderRadius.circular(r)) around each item"),
            swiper: css("border-radius: r px; overflow: hidden on the slides"),
            embla: css("border-radius: r px; overflow: hidden on the slides"),
            splide: css("border-radius: r px; overflow: hidden on the slides")
        ),
    ]

    /// A web library leaves an item's look to the page's style sheet, as the preview's own page does.
    private static func css(_ rule: String) -> FieldMapping {
        .exact("CSS: \(rule)")
    }
}
