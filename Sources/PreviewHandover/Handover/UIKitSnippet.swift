/// UIKit, iOS 16 and later: a compositional layout whose one section scrolls along the carousel's
/// axis (a section scrolls across its layout's direction, so a horizontal carousel is a vertical
/// layout's section), groups of `itemsPerPage` items paged by group (`repeatingSubitem` is iOS 16's),
/// its insets from `NativeGeometry` so a group rests where the preview rests a page; iOS 17's own
/// deceleration rate and bounce for the section behind `if #available`, a handler that scales the
/// side items, and a timer for auto-scroll. An item as long as the viewport less both insets is the
/// whole width inside the insets, so it follows the collection view's width as the preview's does.
enum UIKitSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let geometry = NativeGeometry(model)
        let n = CodeNumber.text
        let follows = geometry.followsViewport
        let group = model.isHorizontal ? "horizontal" : "vertical"
        let along = model.isHorizontal ? "fractionalWidth" : "fractionalHeight"
        let itemAlong = follows ? ".\(along)(1)" : ".absolute(\(n(model.itemLength)))"
        let groupAlong = follows ? ".\(along)(1)" : ".absolute(\(n(model.pageLength)))"
        let cross = ".absolute(\(n(model.itemThickness)))"
        let (itemWidth, itemHeight) = model.isHorizontal ? (itemAlong, cross) : (cross, itemAlong)
        let (groupWidth, groupHeight) = model.isHorizontal ? (groupAlong, cross) : (cross, groupAlong)
        let leading = n(follows ? c.inset : geometry.snapLine)
        let trailing = n(follows ? c.inset : geometry.trailingMarginAfterPages)
        let insets =
            model.isHorizontal
            ? "top: 0, leading: \(leading), bottom: 0, trailing: \(trailing)"
            : "top: \(leading), leading: 0, bottom: \(trailing), trailing: 0"
        var lines =
            (model.header(for: .uiKit) + geometry.layoutNotes(overshoot: geometry.overshootAfterPages)).map {
                "// " + $0
            } + [
                "// Written for UIKit on iOS 16 and later; the section's deceleration rate and bounce are iOS 17's.",
                "", "import UIKit", "",
            ]
        lines += [
            "/// The tuned carousel's layout.",
            "@MainActor",
            "func makeTunedCarouselLayout() -> UICollectionViewCompositionalLayout {",
            "    let item = NSCollectionLayoutItem(",
            "        layoutSize: NSCollectionLayoutSize(widthDimension: \(itemWidth), heightDimension: \(itemHeight))",
            "    )",
            "    let group = NSCollectionLayoutGroup.\(group)(",
            "        layoutSize: NSCollectionLayoutSize(widthDimension: \(groupWidth), heightDimension: \(groupHeight)),",
            "        repeatingSubitem: item,",
            "        count: \(c.itemsPerPage)",
            "    )",
            "    group.interItemSpacing = .fixed(\(n(c.spacing)))",
            "    let section = NSCollectionLayoutSection(group: group)",
            "    section.interGroupSpacing = \(n(c.spacing))",
            "    section.contentInsets = NSDirectionalEdgeInsets(\(insets))",
            "    section.orthogonalScrollingBehavior = .\(model.isPaged ? "groupPaging" : "continuous")",
            "    if #available(iOS 17.0, *) {",
            "        section.orthogonalScrollingProperties.decelerationRate = .init(rawValue: \(n(model.physics.uiKitDecelerationRate)))",
            "        section.orthogonalScrollingProperties.bounce = .automatic",
            "    }",
        ]
        if c.sideScale != 1 { lines += sideScale(model).map { "    " + $0 } }
        lines += [
            "    let configuration = UICollectionViewCompositionalLayoutConfiguration()",
            "    configuration.scrollDirection = .\(model.isHorizontal ? "vertical" : "horizontal")",
            "    return UICollectionViewCompositionalLayout(section: section, configuration: configuration)",
            "}",
            "",
            "/// A collection view of the preview's size with the tuned layout; give it a data source.",
            "@MainActor",
            "func makeTunedCarousel() -> UICollectionView {",
            "    let collectionView = UICollectionView(",
            "        frame: CGRect(x: 0, y: 0, width: \(n(c.viewportWidth)), height: \(n(c.viewportHeight))),",
            "        collectionViewLayout: makeTunedCarouselLayout()",
            "    )",
            "    collectionView.semanticContentAttribute = .\(model.isRightToLeft ? "forceRightToLeft" : "forceLeftToRight")",
            "    collectionView.showsHorizontalScrollIndicator = false",
            "    collectionView.showsVerticalScrollIndicator = false",
            "    return collectionView",
            "}",
        ]
        lines += cellStyle(model)
        if c.isAutoScrollEnabled { lines += autoScroll(model) }
        lines += items(model)
        return model.snippet(.uiKit, file: "TunedCarouselLayout.swift", lines: lines)
    }

    /// An item's look: its corners and how its image fills it, set where a cell is configured.
    private static func cellStyle(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let radius = CodeNumber.text(c.cornerRadius)
        let (mode, words) =
            c.imageFit == .cover
            ? ("scaleAspectFill", "filling it, cut at its edges") : ("scaleAspectFit", "whole inside it")
        return [
            "",
            "/// An item's cell as the preview draws it: corners of \(radius) pt (cornerRadius), its image \(words)",
            "/// (imageFit \(c.imageFit.rawValue)). Call it where a cell is configured.",
            "@MainActor",
            "func styleTunedCarouselCell(_ cell: UICollectionViewCell, imageView: UIImageView) {",
            "    cell.contentView.layer.cornerRadius = \(radius)",
            "    cell.contentView.clipsToBounds = true",
            "    imageView.contentMode = .\(mode)",
            "    imageView.clipsToBounds = true",
            "}",
        ]
    }

    /// The preview's scale: 1 at the snap line, `sideScale` a pitch or more away.
    private static func sideScale(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let (edge, scroll) = model.isHorizontal ? ("minX", "x") : ("minY", "y")
        return [
            "section.visibleItemsInvalidationHandler = { items, offset, _ in",
            "    for item in items {",
            "        let distance = abs(item.frame.\(edge) - offset.\(scroll) - \(n(model.leadingMargin))) / \(n(c.pitch))",
            "        let scale = 1 - (1 - \(n(c.sideScale))) * min(distance, 1)",
            "        item.transform = CGAffineTransform(scaleX: scale, y: scale)",
            "    }",
            "}",
        ]
    }

    private static func autoScroll(_ model: HandoverModel) -> [String] {
        let position = model.isHorizontal ? "left" : "top"
        let seconds = CodeNumber.text(Double(model.autoScrollMilliseconds) / 1000)
        return [
            "",
            "/// Auto-scroll: the next item every \(model.autoScrollMilliseconds) ms, the first after the last.",
            "@MainActor",
            "final class TunedAutoScroll {",
            "    private var timer: Timer?",
            "    private var next = 0",
            "",
            "    func start(_ collectionView: UICollectionView, itemCount: Int) {",
            "        timer?.invalidate()",
            "        timer = Timer.scheduledTimer(withTimeInterval: \(seconds), repeats: true) { [weak self, weak collectionView] _ in",
            "            MainActor.assumeIsolated {",
            "                guard let self, let collectionView, itemCount > 0 else { return }",
            "                // A page on, the first after the last.",
            "                self.next = (self.next + \(model.configuration.itemsPerPage)) % itemCount",
            "                let path = IndexPath(item: self.next, section: 0)",
            "                collectionView.scrollToItem(at: path, at: .\(position), animated: true)",
            "            }",
            "        }",
            "    }",
            "",
            "    func stop() {",
            "        timer?.invalidate()",
            "        timer = nil",
            "    }",
            "}",
        ]
    }
}
