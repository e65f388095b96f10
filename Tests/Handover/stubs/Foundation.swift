// A stand-in for the parts of Foundation and Core Graphics the snippets use, for the iOS typecheck
// (Embedded Swift has no Foundation): geometry, index paths and timers, as Apple documents them.
@_exported import _Concurrency

public typealias CGFloat = Double
public typealias TimeInterval = Double

public struct CGPoint: Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = CGPoint(x: 0, y: 0)
}

public struct CGSize: Sendable {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
    public static let zero = CGSize(width: 0, height: 0)
}

public struct CGRect: Sendable {
    public var origin: CGPoint
    public var size: CGSize
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y)
        size = CGSize(width: width, height: height)
    }
    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
    public var minX: CGFloat { origin.x }
    public var minY: CGFloat { origin.y }
    public var maxX: CGFloat { origin.x + size.width }
    public var maxY: CGFloat { origin.y + size.height }
    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
}

public struct IndexPath: Hashable, Sendable {
    public init(item: Int, section: Int) {}
}

open class Timer {
    public static func scheduledTimer(
        withTimeInterval interval: TimeInterval,
        repeats: Bool,
        block: @escaping @Sendable (Timer) -> Void
    ) -> Timer { fatalError() }
    open func invalidate() {}
}
