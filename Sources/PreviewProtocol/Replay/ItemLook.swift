import CarouselCore

/// How a film's items are drawn, from what the session's configuration says of drawing (fields the
/// engine never reads): the template, how an image fills its item, the corners' radius, and the
/// direction captions read in, as the page takes them from the same configuration.
public struct ItemLook: Equatable, Sendable {
    /// A banner, a product tile or a text card. The card feed draws its cards alike whatever it says,
    /// as the page does (its template applies to a uniform layout's items).
    public var template: Configuration.ItemTemplate
    public var imageFit: Configuration.ImageFit
    /// In points; a renderer keeps it within half an item's shorter side.
    public var cornerRadius: Double
    /// The page's `dir`: captions start at the right and order mixed text from it in right to left.
    public var isRightToLeft: Bool

    public init(
        template: Configuration.ItemTemplate = .banner,
        imageFit: Configuration.ImageFit = .cover,
        cornerRadius: Double = Configuration.defaultCornerRadius(of: .uniform),
        isRightToLeft: Bool = false
    ) {
        self.template = template
        self.imageFit = imageFit
        self.cornerRadius = cornerRadius
        self.isRightToLeft = isRightToLeft
    }

    /// The look `configuration` gives its items.
    public init(_ configuration: Configuration) {
        self.init(
            template: configuration.layout == .cards ? .banner : configuration.template,
            imageFit: configuration.imageFit,
            cornerRadius: configuration.cornerRadius,
            isRightToLeft: configuration.layoutDirection == .rtl
        )
    }
}
