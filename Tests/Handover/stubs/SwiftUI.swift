// A stand-in for the parts of SwiftUI the handover's snippets use, written from Apple's documented
// signatures and availability (no Apple code), so `swiftc -typecheck` for iOS 16 catches a
// misspelled label, case or type in a snippet, and an iOS 17 call made without `@available` or
// `if #available`, on a machine without SwiftUI. The bodies do nothing: only the types are checked.
@_exported import Foundation

// MARK: Views and their builder

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A view that only stands for a result: every stub view and modifier is one.
public struct StubView: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> StubView { StubView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // Embedded Swift cannot infer a pack here: two to five views, as the snippets need.
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> StubView { StubView() }
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> StubView {
        StubView()
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
        _ c0: C0,
        _ c1: C1,
        _ c2: C2,
        _ c3: C3
    )
        -> StubView
    { StubView() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> _ConditionalContent<First, Second> {
        _ConditionalContent()
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> _ConditionalContent<First, Second> {
        _ConditionalContent()
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> StubView { StubView() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

// MARK: Geometry

public struct Axis {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public enum Edge {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

public struct Alignment: Sendable {
    public static let center = Alignment()
}

public struct VerticalAlignment: Sendable {
    public static let center = VerticalAlignment()
}

public struct HorizontalAlignment: Sendable {
    public static let center = HorizontalAlignment()
}

public struct UnitPoint: Sendable {
    public static let center = UnitPoint()
}

public enum LayoutDirection: Sendable {
    case leftToRight, rightToLeft
}

public struct EnvironmentValues {
    public var layoutDirection: LayoutDirection
}

@available(iOS 17.0, *)
public protocol CoordinateSpaceProtocol {}

@available(iOS 17.0, *)
public struct NamedCoordinateSpace: CoordinateSpaceProtocol {}

@available(iOS 17.0, *)
extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace() }
}

public struct GeometryProxy {
    public var size: CGSize
    @available(iOS 17.0, *)
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
}

// MARK: State

@propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public init() where Value: ExpressibleByNilLiteral {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@propertyWrapper
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

public struct Animation: Sendable {
    public static let `default` = Animation()
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// MARK: Containers

public struct ScrollView<Content: View>: View {
    public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
public struct LazyHStack<Content: View>: View {
    public init(
        alignment: VerticalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
public struct LazyVStack<Content: View>: View {
    public init(
        alignment: HorizontalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {}
}

public struct HStack<Content: View>: View {
    public init(
        alignment: VerticalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

public struct VStack<Content: View>: View {
    public init(
        alignment: HorizontalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}

// MARK: Scrolling

@available(iOS 17.0, *)
public protocol ScrollTargetBehavior {}

@available(iOS 17.0, *)
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    public struct LimitBehavior: Sendable {
        public static let automatic = LimitBehavior()
        public static let always = LimitBehavior()
        @available(iOS 18.0, *)
        public static let alwaysByFew = LimitBehavior()
        @available(iOS 18.0, *)
        public static let alwaysByOne = LimitBehavior()
        public static let never = LimitBehavior()
    }
    public init(limitBehavior: LimitBehavior = .automatic) {}
}

@available(iOS 17.0, *)
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    public init() {}
}

@available(iOS 17.0, *)
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
    public static func viewAligned(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior) -> Self {
        ViewAlignedScrollTargetBehavior(limitBehavior: limitBehavior)
    }
}

@available(iOS 17.0, *)
extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

@available(iOS 17.0, *)
public struct ContentMarginPlacement: Sendable {
    public static let automatic = ContentMarginPlacement()
    public static let scrollContent = ContentMarginPlacement()
    public static let scrollIndicators = ContentMarginPlacement()
}

@available(iOS 16.0, *)
public struct ScrollIndicatorVisibility: Sendable {
    public static let automatic = ScrollIndicatorVisibility()
    public static let visible = ScrollIndicatorVisibility()
    public static let hidden = ScrollIndicatorVisibility()
    public static let never = ScrollIndicatorVisibility()
}

// MARK: Visual effects

@available(iOS 17.0, *)
public protocol VisualEffect {}

@available(iOS 17.0, *)
public struct EmptyVisualEffect: VisualEffect {}

@available(iOS 17.0, *)
public struct StubVisualEffect: VisualEffect {}

@available(iOS 17.0, *)
extension VisualEffect {
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some VisualEffect { StubVisualEffect() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some VisualEffect { StubVisualEffect() }
}

// MARK: Modifiers

extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        StubView()
    }
    @available(iOS 17.0, *)
    public func containerRelativeFrame(
        _ axes: Axis.Set,
        count: Int,
        span: Int = 1,
        spacing: CGFloat,
        alignment: Alignment = .center
    ) -> some View { StubView() }
    @available(iOS 17.0, *)
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View { StubView() }
    @available(iOS 17.0, *)
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { StubView() }
    @available(iOS 17.0, *)
    public func contentMargins(
        _ edges: Edge.Set = .all,
        _ length: CGFloat?,
        for placement: ContentMarginPlacement = .automatic
    ) -> some View { StubView() }
    @available(iOS 16.0, *)
    public func scrollIndicators(
        _ visibility: ScrollIndicatorVisibility,
        axes: Axis.Set = [.vertical, .horizontal]
    )
        -> some View
    { StubView() }
    @available(iOS 17.0, *)
    public func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View { StubView() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        StubView()
    }
    @available(iOS 15.0, *)
    public func task(
        priority: TaskPriority = .userInitiated,
        _ action: @escaping @Sendable () async -> Void
    )
        -> some View
    { StubView() }
    @available(iOS 17.0, *)
    public func visualEffect(
        _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect
    ) -> some View { StubView() }
}

// MARK: Images and shapes

public enum ContentMode: Hashable, Sendable {
    case fit, fill
}

public struct Image: View {
    public enum ResizingMode: Sendable {
        case tile, stretch
    }
    public init(_ name: String) {}
    public init(systemName: String) {}
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        self
    }
    public var body: Never { fatalError() }
}

public struct EdgeInsets: Sendable {
    public init() {}
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

public protocol Shape: Sendable {}

public enum RoundedCornerStyle: Sendable {
    case circular, continuous
}

public struct RoundedRectangle: Shape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
}

public struct FillStyle: Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

extension View {
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { StubView() }
    public func clipShape(_ shape: some Shape, style: FillStyle = FillStyle()) -> some View { StubView() }
    public func clipped(antialiased: Bool = false) -> some View { StubView() }
}

// MARK: An item's look: text, colours, gradients, shapes

public struct Font: Sendable {
    public struct Weight: Sendable {
        public static let regular = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
    }
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font { Font() }
}

public struct Text: View {
    public init(_ content: String) {}
    public var body: Never { fatalError() }
}

public protocol ShapeStyle: Sendable {}

public struct Color: View, ShapeStyle {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
}

public struct LinearGradient: View, ShapeStyle {
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}

extension UnitPoint {
    public static let top = UnitPoint()
    public static let bottom = UnitPoint()
    public static let leading = UnitPoint()
    public static let trailing = UnitPoint()
    public static let topLeading = UnitPoint()
    public static let bottomTrailing = UnitPoint()
}

extension Alignment {
    public static let leading = Alignment()
    public static let top = Alignment()
    public static let topLeading = Alignment()
    public static let bottomLeading = Alignment()
}

extension HorizontalAlignment {
    public static let leading = HorizontalAlignment()
}

public struct Capsule: Shape {
    public init() {}
}

extension View {
    public func font(_ font: Font?) -> some View { StubView() }
    public func lineLimit(_ number: Int?) -> some View { StubView() }
    public func opacity(_ opacity: Double) -> some View { StubView() }
    @available(iOS 15.0, *)
    public func foregroundStyle(_ style: some ShapeStyle) -> some View { StubView() }
    public func padding(_ insets: EdgeInsets) -> some View { StubView() }
    public func padding(_ length: CGFloat) -> some View { StubView() }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { StubView() }
    public func frame(
        minWidth: CGFloat? = nil,
        maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil,
        maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { StubView() }
    public func background(_ background: some View, alignment: Alignment = .center) -> some View { StubView() }
    @available(iOS 15.0, *)
    public func background(_ style: some ShapeStyle, in shape: some Shape) -> some View { StubView() }
    @available(iOS 15.0, *)
    public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> some View) -> some View {
        StubView()
    }
}
