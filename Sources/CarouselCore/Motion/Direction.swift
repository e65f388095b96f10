/// Which way along the items a motion heads.
enum Direction: Equatable, Sendable {
    /// Toward higher positions and later items.
    case forward
    /// Toward lower positions and earlier items.
    case backward

    /// The direction of a signed distance or velocity; `nil` for zero.
    init?(of value: Double) {
        if value > 0 {
            self = .forward
        } else if value < 0 {
            self = .backward
        } else {
            return nil
        }
    }

    /// Whether `a` lies further along this direction than `b`.
    func isFurther(_ a: Double, than b: Double) -> Bool {
        self == .forward ? a > b : a < b
    }
}
