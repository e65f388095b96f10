import CarouselCore

/// The session's items in a UIKit file: as data, a cell drawing one in the session's template as the
/// preview does (public/style.css's `.slot` and `[data-template]` rules, laid out by frames), and a
/// view controller showing them in the tuned carousel. Images are asset names: each file of the
/// handover's images/ added to the asset catalog under its name without the extension.
extension UIKitSnippet {
    static func items(_ model: HandoverModel) -> [String] {
        let s = CodeString.swift
        var lines = [
            "",
            "/// One item as the session had it. `imageName`: its image in the asset catalog (the file in the",
            "/// handover's images/ folder, added under its name without the extension).",
            "struct TunedCarouselItem {",
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
        for item in model.items {
            let image = item.imageFile.map { s(SwiftUISnippet.assetName($0)) } ?? "nil"
            lines.append(
                "    TunedCarouselItem(title: \(s(item.title)), subtitle: \(s(item.subtitle)), price: \(s(item.price)), "
                    + "badge: \(s(item.badge)), imageName: \(image)),"
            )
        }
        lines += ["]", ""]
        lines += cell(model)
        lines += [
            "",
            "/// The tuned carousel of the session's items, ready to show.",
            "final class TunedCarouselViewController: UIViewController {",
            "    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>?",
            "",
            "    override func viewDidLoad() {",
            "        super.viewDidLoad()",
            "        let collectionView = makeTunedCarousel()",
            "        view.addSubview(collectionView)",
            "        let registration = UICollectionView.CellRegistration<TunedCarouselCell, Int> { cell, _, index in",
            "            cell.configure(with: tunedCarouselItems[index])",
            "        }",
            "        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {",
            "            collectionView, indexPath, index in",
            "            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: index)",
            "        }",
            "        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()",
            "        snapshot.appendSections([0])",
            "        snapshot.appendItems(Array(tunedCarouselItems.indices), toSection: 0)",
            "        dataSource.apply(snapshot, animatingDifferences: false)",
            "        self.dataSource = dataSource",
            "    }",
            "}",
        ]
        return lines
    }

    /// The template's cell: its views, their fonts and colours, and their frames.
    private static func cell(_ model: HandoverModel) -> [String] {
        let template = model.template
        let background =
            template == .product
            ? "UIColor.white"
            : template == .text
                ? "UIColor(red: 0.212, green: 0.31, blue: 0.78, alpha: 1)"
                : "UIColor(red: 0.871, green: 0.886, blue: 0.902, alpha: 1)"
        let (titleSize, subtitleSize) = template == .product ? (14, 12) : template == .text ? (20, 15) : (20, 13)
        let light = template != .product
        var lines = [
            "/// An item's cell as the preview draws it (template \(template.rawValue)).",
            "final class TunedCarouselCell: UICollectionViewCell {",
            "    private let imageView = UIImageView(frame: .zero)",
            "    private let caption = CAGradientLayer()",
            "    private let titleLabel = UILabel(frame: .zero)",
            "    private let subtitleLabel = UILabel(frame: .zero)",
            "    private let priceLabel = UILabel(frame: .zero)",
            "    private let badgeLabel = UILabel(frame: .zero)",
            "",
            "    override init(frame: CGRect) {",
            "        super.init(frame: frame)",
            "        styleTunedCarouselCell(self, imageView: imageView)",
            "        contentView.backgroundColor = \(background)",
            "        contentView.addSubview(imageView)",
            "        contentView.layer.addSublayer(caption)",
            "        for label in [titleLabel, subtitleLabel, priceLabel, badgeLabel] { contentView.addSubview(label) }",
            "        titleLabel.font = .systemFont(ofSize: \(titleSize), weight: .bold)",
            "        titleLabel.textColor = \(light ? ".white" : "UIColor(red: 0.114, green: 0.137, blue: 0.188, alpha: 1)")",
            "        subtitleLabel.font = .systemFont(ofSize: \(subtitleSize), weight: .regular)",
            "        subtitleLabel.textColor = \(light ? ".white" : "UIColor(red: 0.42, green: 0.451, blue: 0.522, alpha: 1)")",
            "        subtitleLabel.numberOfLines = \(template == .text ? 3 : 1)",
            "        priceLabel.font = .systemFont(ofSize: 14, weight: .bold)",
            "        priceLabel.textColor = UIColor(red: 0.231, green: 0.357, blue: 0.859, alpha: 1)",
            "        badgeLabel.font = .systemFont(ofSize: 11, weight: .bold)",
            "        badgeLabel.textColor = .white",
            "        badgeLabel.textAlignment = .center",
            "        badgeLabel.backgroundColor = UIColor(red: 0.788, green: 0.165, blue: 0.165, alpha: 1)",
            "        badgeLabel.layer.cornerRadius = 10",
            "        badgeLabel.clipsToBounds = true",
        ]
        switch template {
        case .banner:
            lines.append(
                "        caption.colors = [UIColor(red: 0, green: 0, blue: 0, alpha: 0).cgColor, UIColor(red: 0, green: 0, blue: 0, alpha: 0.55).cgColor]"
            )
        case .text:
            lines += [
                "        caption.colors = [UIColor(red: 0.212, green: 0.31, blue: 0.78, alpha: 1).cgColor, UIColor(red: 0.373, green: 0.239, blue: 0.769, alpha: 1).cgColor]",
                "        caption.startPoint = CGPoint(x: 0, y: 0)",
                "        caption.endPoint = CGPoint(x: 1, y: 1)",
                "        imageView.isHidden = true",
            ]
        case .product:
            lines.append("        caption.isHidden = true")
        }
        lines += [
            "    }",
            "",
            "    required init?(coder: NSCoder) { fatalError(\"TunedCarouselCell is made in code\") }",
            "",
            "    func configure(with item: TunedCarouselItem) {",
            "        imageView.image = item.imageName.flatMap { UIImage(named: $0) }",
            "        titleLabel.text = item.title",
            "        subtitleLabel.text = item.subtitle",
            "        priceLabel.text = item.price",
            "        priceLabel.isHidden = item.price.isEmpty",
            "        badgeLabel.text = item.badge",
            "        badgeLabel.isHidden = item.badge.isEmpty",
            "        setNeedsLayout()",
            "    }",
            "",
            "    override func layoutSubviews() {",
            "        super.layoutSubviews()",
            "        let bounds = contentView.bounds",
            "        let isRightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft",
            "        // A frame from the leading edge, mirrored right to left.",
            "        func leading(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {",
            "            CGRect(x: isRightToLeft ? bounds.width - x - width : x, y: y, width: width, height: height)",
            "        }",
        ]
        lines += frames(template).map { "        " + $0 }
        lines += [
            "        let badge = badgeLabel.sizeThatFits(CGSize(width: bounds.width - 20, height: 20))",
            "        badgeLabel.frame = leading(10, 10, min(badge.width + 16, bounds.width - 20), 20)",
            "    }",
            "}",
        ]
        return lines
    }

    /// Where the image, the gradient and the words sit in each template.
    private static func frames(_ template: Configuration.ItemTemplate) -> [String] {
        switch template {
        case .banner:
            return [
                "imageView.frame = bounds",
                "let width = bounds.width - 36",
                "subtitleLabel.frame = leading(18, bounds.height - 14 - 16, width, 16)",
                "titleLabel.frame = leading(18, subtitleLabel.frame.minY - 2 - 24, width, 24)",
                "let top = titleLabel.frame.minY - 16",
                "caption.frame = CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)",
            ]
        case .product:
            return [
                "// A square image, shorter when the words need the room.",
                "let side = min(bounds.width, max(0, bounds.height - 70))",
                "imageView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: side)",
                "let width = bounds.width - 20",
                "titleLabel.frame = leading(10, side + 8, width, 18)",
                "subtitleLabel.frame = leading(10, side + 28, width, 16)",
                "priceLabel.frame = leading(10, side + 46, width, 18)",
            ]
        case .text:
            return [
                "caption.frame = bounds",
                "let width = bounds.width - 40",
                "let subtitle = subtitleLabel.sizeThatFits(CGSize(width: width, height: bounds.height))",
                "let top = max(16, (bounds.height - 26 - subtitle.height) / 2)",
                "titleLabel.frame = leading(20, top, width, 24)",
                "subtitleLabel.frame = leading(20, top + 26, width, min(subtitle.height, bounds.height - top - 42))",
            ]
        }
    }
}
