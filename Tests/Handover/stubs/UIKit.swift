// A stand-in for the parts of UIKit the handover's snippets use, written from Apple's documented
// signatures and availability (no Apple code), so `swiftc -typecheck` for iOS 16 catches a
// misspelled label, case or type in a snippet, and an iOS 17 call made without `if #available`,
// on a machine without UIKit. The bodies do nothing: only the types are checked. Embedded Swift
// (whose iOS library enforces availability) has no existentials, so the layout's protocols that
// the snippets only read through are classes here.
@_exported import Foundation

public struct CGAffineTransform: Sendable {
    public init(scaleX sx: CGFloat, y sy: CGFloat) {}
    public static let identity = CGAffineTransform(scaleX: 1, y: 1)
}

public struct NSDirectionalEdgeInsets: Sendable {
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}

public final class CGColor {}

open class CALayer {
    public init() {}
    open var cornerRadius: CGFloat = 0
    open var masksToBounds = false
    open var frame = CGRect.zero
    open var isHidden = false
    open func addSublayer(_ layer: CALayer) {}
}

/// `colors` is `[Any]?` in Core Animation, holding `CGColor`s; Embedded Swift has no `Any`.
open class CAGradientLayer: CALayer {
    open var colors: [CGColor]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
}

open class NSCoder {}

public class UIColor {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public class var white: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    public var cgColor: CGColor { CGColor() }
}

public class UIFont {
    public struct Weight: Sendable {
        public static let regular = Weight()
        public static let bold = Weight()
    }
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont() }
}

public class UIImage {
    public init?(named name: String) {}
}

public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural
}

@MainActor
open class UIView {
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    open var contentMode: ContentMode = .scaleToFill
    open var clipsToBounds = false
    open var isHidden = false
    open var backgroundColor: UIColor?
    open var frame = CGRect.zero
    open var bounds = CGRect.zero
    open var layer: CALayer { CALayer() }
    open func addSubview(_ view: UIView) {}
    open func setNeedsLayout() {}
    open func layoutSubviews() {}
    open func sizeThatFits(_ size: CGSize) -> CGSize { size }
}

@MainActor
open class UIImageView: UIView {
    open var image: UIImage?
}

@MainActor
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
}

@MainActor
open class UIViewController {
    public init() {}
    open var view: UIView { UIView(frame: .zero) }
    open func viewDidLoad() {}
}

@MainActor
open class UICollectionReusableView: UIView {}

@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    open var contentView: UIView { UIView(frame: .zero) }
}

@MainActor
open class UIScrollView: UIView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    open var decelerationRate: DecelerationRate = .normal
    open var bounces = true
    open var showsHorizontalScrollIndicator = true
    open var showsVerticalScrollIndicator = true
}

@MainActor
open class UICollectionViewLayout {}

@MainActor
open class UICollectionView: UIScrollView {
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}

    /// iOS 14.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public init(handler: @escaping (Cell, IndexPath, Item) -> Void) {}
    }
    public final func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
        using registration: CellRegistration<Cell, Item>,
        for indexPath: IndexPath,
        item: Item?
    ) -> Cell { fatalError() }
}

public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public init() {}
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {}
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType],
        toSection sectionIdentifier: SectionIdentifierType?
    ) {}
}

@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public init(
        collectionView: UICollectionView,
        cellProvider: @escaping (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    ) {}
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) {}
}

// MARK: Compositional layout

@MainActor
open class NSCollectionLayoutDimension {
    public static func absolute(_ absoluteDimension: CGFloat) -> Self { fatalError() }
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { fatalError() }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { fatalError() }
    public static func estimated(_ estimatedDimension: CGFloat) -> Self { fatalError() }
}

@MainActor
open class NSCollectionLayoutSize {
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension)
    {}
}

@MainActor
open class NSCollectionLayoutSpacing {
    public static func fixed(_ fixedSpacing: CGFloat) -> Self { fatalError() }
    public static func flexible(_ flexibleSpacing: CGFloat) -> Self { fatalError() }
}

@MainActor
open class NSCollectionLayoutItem {
    public init(layoutSize: NSCollectionLayoutSize) {}
}

@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    open var interItemSpacing: NSCollectionLayoutSpacing?
    @available(iOS 16.0, *)
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize,
        repeatingSubitem subitem: NSCollectionLayoutItem,
        count: Int
    ) -> Self {
        fatalError()
    }
    @available(iOS 16.0, *)
    public static func vertical(
        layoutSize: NSCollectionLayoutSize,
        repeatingSubitem subitem: NSCollectionLayoutItem,
        count: Int
    ) -> Self {
        fatalError()
    }
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        fatalError()
    }
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        fatalError()
    }
}

public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

@available(iOS 17.0, *)
@MainActor
open class UICollectionLayoutSectionOrthogonalScrollingProperties {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let automatic = DecelerationRate(rawValue: 0)
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    public enum Bounce: Int, Sendable {
        case automatic, always, never
    }
    open var decelerationRate: DecelerationRate = .automatic
    open var bounce: Bounce = .automatic
}

/// A protocol in UIKit (`any NSCollectionLayoutVisibleItem`).
@MainActor
open class NSCollectionLayoutVisibleItem {
    open var frame: CGRect { .zero }
    open var transform = CGAffineTransform.identity
    open var alpha: CGFloat = 1
}

/// A protocol in UIKit.
@MainActor
open class NSCollectionLayoutContainer {
    open var contentSize: CGSize { .zero }
}

/// A protocol in UIKit.
@MainActor
open class NSCollectionLayoutEnvironment {
    open var container: NSCollectionLayoutContainer { NSCollectionLayoutContainer() }
}

public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([NSCollectionLayoutVisibleItem], CGPoint, NSCollectionLayoutEnvironment) -> Void

@MainActor
open class NSCollectionLayoutSection {
    public init(group: NSCollectionLayoutGroup) {}
    open var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    @available(iOS 17.0, *)
    open var orthogonalScrollingProperties: UICollectionLayoutSectionOrthogonalScrollingProperties {
        UICollectionLayoutSectionOrthogonalScrollingProperties()
    }
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
}

@MainActor
open class UICollectionViewCompositionalLayoutConfiguration {
    public init() {}
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
}

@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    public init(section: NSCollectionLayoutSection) {}
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {}
}
