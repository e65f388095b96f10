/// Every tunable of the engine in one value. Presets live in `Configuration+Presets.swift`,
/// the rules that reject a bad value in `Configuration+Validation.swift`.
///
/// Lengths are points, the deceleration rate is per millisecond (UIKit's convention) and
/// velocities are points per second.
public struct Configuration: Equatable, Hashable, Sendable {
    /// The direction the carousel scrolls in.
    public enum Axis: String, Equatable, Hashable, Sendable, CaseIterable {
        case horizontal
        case vertical
    }

    /// How items are laid out and paged.
    public enum Layout: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Items of one length at a fixed pitch, with a ring of slots (banner, paged, coverflow, strip).
        case uniform
        /// Cards of their own lengths, never shorter than the viewport, paged one card (or one
        /// viewport within a long card) per swipe, with slots pooled per kind (the card feed).
        case cards
    }

    /// The reading direction of a horizontal carousel (UIKit's `semanticContentAttribute`): in
    /// right-to-left the first item is at the right and a drag to the right moves to the next
    /// one. A vertical carousel reads top to bottom in both.
    public enum LayoutDirection: String, Equatable, Hashable, Sendable, CaseIterable {
        case ltr
        case rtl
    }

    /// Where along the viewport an item rests on its snap point.
    public enum Alignment: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Its leading edge `inset` from the viewport's leading edge.
        case start
        /// Centred in the viewport.
        case center
        /// Its trailing edge `inset` from the viewport's trailing edge.
        case end
    }

    /// Whether a release comes to rest on an item's snap point or wherever it stops.
    public enum Snapping: String, Equatable, Hashable, Sendable, CaseIterable {
        /// A release springs to a snap point (a pager).
        case item
        /// A release decelerates with `decelerationRate` and rests where it stops (a free scroll).
        case free
    }

    /// How a page draws the items of a uniform layout; the engine lays every template out alike,
    /// so it is here only to travel with the rest of a design (links, settings files, recordings).
    public enum ItemTemplate: String, Equatable, Hashable, Sendable, CaseIterable {
        /// An image filling the item, with a caption over its foot.
        case banner
        /// A product tile: a square image, then the title, the price and a badge.
        case product
        /// Text alone: a title and a subtitle on a colour.
        case text
    }

    /// Which items a carousel shows: one of the preview's bundled sets, or its viewers' own. Like
    /// the template it only travels with the design; the preview server turns it into items.
    public enum ItemContent: String, Equatable, Hashable, Sendable, CaseIterable {
        /// The bundled banners (or the server's `--items`).
        case banners
        /// The bundled banners with Arabic titles, for a right-to-left carousel.
        case arabic
        /// Bundled product tiles with prices and badges.
        case products
        /// The card feed's bundled cards.
        case cards
        /// The items a viewer gave the session.
        case own
    }

    /// How an item's image fills its slot (CSS's `object-fit`); like the template, it only travels
    /// with the design: the engine never reads it.
    public enum ImageFit: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Scaled alike both ways to cover the slot, centred, what spills over cut off.
        case cover
        /// Scaled alike both ways to fit inside the slot, centred, the rest of the slot left showing.
        case contain
    }

    /// The scroll direction; every length named "main" below is measured along it.
    public var axis: Axis
    /// How items are laid out and paged.
    public var layout: Layout
    /// Whether the last item is followed by the first one again (an endless strip).
    public var isLooping: Bool
    /// The visible area's width.
    public var viewportWidth: Double
    /// The visible area's height.
    public var viewportHeight: Double
    /// Distance from the viewport's leading edge to the item at rest on the snap point.
    public var inset: Double
    /// Gap between two neighbouring items.
    public var spacing: Double
    /// Item length along the axis; `nil` means the viewport's main length minus both insets.
    public var itemLength: Double?
    /// Item length across the axis; `nil` means the viewport's cross length.
    public var itemThickness: Double?
    /// Fraction of velocity kept per millisecond of free deceleration (UIKit: 0.998 normal, 0.99 fast).
    public var decelerationRate: Double
    /// Scale of an item one pitch or more away from the snap point; 1 disables scaling.
    public var sideScale: Double
    /// Release speed from which a swipe always moves to the next item in its direction.
    public var flickVelocityThreshold: Double
    /// The most snap points one release may carry the content on, counted from the snap point
    /// behind where it is released: 1 pages one item at a time (a banner); more lets a fast flick
    /// coast several items, as far as `decelerationRate` projects it (a shelf of an app store).
    public var maxItemsPerFlick: Int
    /// Natural angular frequency of the settling spring, in radians per second.
    public var springAngularFrequency: Double
    /// The rubber band's stiffness `c` in `b = (1 - 1 / (x c / d + 1)) d`.
    public var rubberBandCoefficient: Double
    /// Whether auto-scroll runs.
    public var isAutoScrollEnabled: Bool
    /// Idle time between two automatic advances.
    public var autoScrollInterval: Duration
    /// The reading direction (horizontal carousels only).
    public var layoutDirection: LayoutDirection
    /// Where an item rests on its snap point. With the derived item length (`itemLength` nil) the
    /// three alignments put it in the same place.
    public var alignment: Alignment
    /// How many items one page holds: snap points are the starts of groups of this many items.
    public var itemsPerPage: Int
    /// Whether a release snaps to an item or rests where it stops.
    public var snapping: Snapping
    /// How a page draws an item.
    public var template: ItemTemplate
    /// Which items the carousel shows.
    public var content: ItemContent
    /// How an item's image fills its slot.
    public var imageFit: ImageFit
    /// The radius of an item's corners, in points: drawing only, the engine lays items out as
    /// rectangles whatever it is.
    public var cornerRadius: Double

    /// Creates a configuration; every parameter defaults to the `banner` preset's value (`content`
    /// to the layout's bundled set, `cornerRadius` to the layout's look).
    public init(
        axis: Axis = .horizontal,
        layout: Layout = .uniform,
        isLooping: Bool = true,
        viewportWidth: Double = 375,
        viewportHeight: Double = 180,
        inset: Double = 16,
        spacing: Double = 8,
        itemLength: Double? = nil,
        itemThickness: Double? = nil,
        decelerationRate: Double = 0.99,
        sideScale: Double = 1,
        flickVelocityThreshold: Double = 300,
        maxItemsPerFlick: Int = 1,
        springAngularFrequency: Double = 20,
        rubberBandCoefficient: Double = 0.55,
        isAutoScrollEnabled: Bool = false,
        autoScrollInterval: Duration = .milliseconds(3000),
        layoutDirection: LayoutDirection = .ltr,
        alignment: Alignment = .start,
        itemsPerPage: Int = 1,
        snapping: Snapping = .item,
        template: ItemTemplate = .banner,
        content: ItemContent? = nil,
        imageFit: ImageFit = .cover,
        cornerRadius: Double? = nil
    ) {
        self.axis = axis
        self.layout = layout
        self.isLooping = isLooping
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.inset = inset
        self.spacing = spacing
        self.itemLength = itemLength
        self.itemThickness = itemThickness
        self.decelerationRate = decelerationRate
        self.sideScale = sideScale
        self.flickVelocityThreshold = flickVelocityThreshold
        self.maxItemsPerFlick = maxItemsPerFlick
        self.springAngularFrequency = springAngularFrequency
        self.rubberBandCoefficient = rubberBandCoefficient
        self.isAutoScrollEnabled = isAutoScrollEnabled
        self.autoScrollInterval = autoScrollInterval
        self.layoutDirection = layoutDirection
        self.alignment = alignment
        self.itemsPerPage = itemsPerPage
        self.snapping = snapping
        self.template = template
        // Each layout has its own bundled set.
        self.content = content ?? (layout == .cards ? .cards : .banners)
        self.imageFit = imageFit
        self.cornerRadius = cornerRadius ?? Self.defaultCornerRadius(of: layout)
    }

    /// The corners each layout is drawn with unless told otherwise, the preview page's look: a
    /// banner's rounded card, the card feed's square cells edge to edge.
    public static func defaultCornerRadius(of layout: Layout) -> Double {
        layout == .cards ? 0 : 14
    }
}

extension Configuration {
    /// The viewport's length along the axis.
    public var viewportMainLength: Double { axis == .horizontal ? viewportWidth : viewportHeight }
    /// The viewport's length across the axis.
    public var viewportCrossLength: Double { axis == .horizontal ? viewportHeight : viewportWidth }
    /// The item length along the axis after resolving the default.
    public var resolvedItemLength: Double { itemLength ?? viewportMainLength - 2 * inset }
    /// The item length across the axis after resolving the default.
    public var resolvedItemThickness: Double { itemThickness ?? viewportCrossLength }
    /// Distance between the snap points of two neighbouring items.
    public var pitch: Double { resolvedItemLength + spacing }
}
