/// The values a tunable number may take: a lower and an upper bound, each included or not. Written
/// once per rule (see `Configuration.Rules`) and read by validation, the protocol's schema, share
/// links and the page, so a range is never written twice.
public struct ValueRange: Equatable, Hashable, Sendable {
    /// The lower bound.
    public let minimum: Double
    /// The upper bound.
    public let maximum: Double
    /// Whether `minimum` itself is allowed.
    public let includesMinimum: Bool
    /// Whether `maximum` itself is allowed.
    public let includesMaximum: Bool

    /// A range from `minimum` to `maximum`, both included unless said otherwise.
    public init(_ minimum: Double, _ maximum: Double, includesMinimum: Bool = true, includesMaximum: Bool = true) {
        self.minimum = minimum
        self.maximum = maximum
        self.includesMinimum = includesMinimum
        self.includesMaximum = includesMaximum
    }

    /// Whether `value` is finite and within the bounds.
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveMinimum = includesMinimum ? value >= minimum : value > minimum
        let belowMaximum = includesMaximum ? value <= maximum : value < maximum
        return aboveMinimum && belowMaximum
    }

    /// The rule as a person reads it: "must be between 1 and 1000", "must be greater than 0 and
    /// at most 10", each followed by `unit` when there is one.
    public func sentence(unit: String = "") -> String {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let low = Self.text(minimum)
        let high = Self.text(maximum)
        switch (includesMinimum, includesMaximum) {
        case (true, true): return "must be between \(low) and \(high)\(suffix)"
        case (false, true): return "must be greater than \(low) and at most \(high)\(suffix)"
        case (true, false): return "must be at least \(low) and less than \(high)\(suffix)"
        case (false, false): return "must be between \(low) and \(high)\(suffix), exclusive"
        }
    }

    /// A whole number without its fraction ("10000"), anything else as Swift prints it.
    public static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
