import CarouselCore

/// Where an image of its own size lands in a box of pixels, as CSS's `object-fit` puts it: scaled
/// alike both ways and centred, covering the box (the picture is the box, the image cut at its
/// sides) or contained in it (the picture is the image, whole, at the size that fits).
struct PicturePlacement: Equatable {
    /// The decoded picture's pixels: never more than the box's.
    let pictureWidth: Int
    let pictureHeight: Int
    /// Where the image's own top left corner lands in the picture, and its scale.
    let x: Double
    let y: Double
    let scale: Double

    init(ownWidth: Double, ownHeight: Double, boxWidth: Int, boxHeight: Int, fit: Configuration.ImageFit) {
        let (width, height) = (Double(boxWidth), Double(boxHeight))
        guard ownWidth > 0, ownHeight > 0, ownWidth.isFinite, ownHeight.isFinite else {
            // No size of its own (an SVG without one): it is drawn into the box as it is.
            (pictureWidth, pictureHeight, x, y, scale) = (boxWidth, boxHeight, 0, 0, 1)
            return
        }
        switch fit {
        case .cover:
            scale = max(width / ownWidth, height / ownHeight)
            (pictureWidth, pictureHeight) = (boxWidth, boxHeight)
            x = (width - ownWidth * scale) / 2
            y = (height - ownHeight * scale) / 2
        case .contain:
            scale = min(width / ownWidth, height / ownHeight)
            pictureWidth = min(boxWidth, max(1, Int((ownWidth * scale).rounded())))
            pictureHeight = min(boxHeight, max(1, Int((ownHeight * scale).rounded())))
            (x, y) = (0, 0)
        }
    }
}
