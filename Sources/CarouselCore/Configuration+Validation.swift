extension Configuration {
    /// The largest length, in points, any geometric value may have. Far beyond any screen, small
    /// enough that positions built from it stay exact to a thousandth of a point.
    public static let maximumLength: Double = 10_000

    /// The smallest viewport or item length, in points. Anything smaller shows nothing, and a pitch
    /// of 1e-300 pt would turn every drag into more steps than an `Int` holds.
    public static let minimumItemLength: Double = 1

    /// The most slots a configuration may need; smaller items would show more at once than a
    /// renderer should be asked to draw.
    public static let maximumSlotCount = 64

    /// Throws the first problem found, so a rejected value never reaches the engine.
    public func validate() throws(ConfigurationError) {
        try Self.requireLength(viewportWidth, "viewportWidth", allowsZero: false)
        try Self.requireLength(viewportHeight, "viewportHeight", allowsZero: false)
        try Self.requireLength(inset, "inset", allowsZero: true)
        try Self.requireLength(spacing, "spacing", allowsZero: true)
        if let itemLength { try Self.requireLength(itemLength, "itemLength", allowsZero: false) }
        if let itemThickness { try Self.requireLength(itemThickness, "itemThickness", allowsZero: false) }
        if itemLength == nil, !(resolvedItemLength >= Self.minimumItemLength) {
            throw ConfigurationError(
                field: "inset",
                message: "leaves no room for an item: viewport \(viewportMainLength) - 2 * inset \(inset) "
                    + "= \(resolvedItemLength); use a smaller inset or set itemLength"
            )
        }
        try Self.require(decelerationRate, "decelerationRate", "must be between 0 and 1, exclusive") {
            $0 > 0 && $0 < 1
        }
        try Self.require(sideScale, "sideScale", "must be greater than 0 and at most 1") { $0 > 0 && $0 <= 1 }
        try Self.require(flickVelocityThreshold, "flickVelocityThreshold", "must be between 0 and 100000 pt/s") {
            $0 >= 0 && $0 <= 100_000
        }
        try Self.require(springAngularFrequency, "springAngularFrequency", "must be between 1 and 1000 rad/s") {
            $0 >= 1 && $0 <= 1000
        }
        try Self.require(rubberBandCoefficient, "rubberBandCoefficient", "must be greater than 0 and at most 10") {
            $0 > 0 && $0 <= 10
        }
        guard autoScrollInterval > .zero, autoScrollInterval <= .seconds(86_400) else {
            throw ConfigurationError(
                field: "autoScrollInterval",
                message: "must be longer than 0 and at most one day, got \(autoScrollInterval)"
            )
        }
        if layout == .cards {
            guard !isLooping else {
                throw ConfigurationError(field: "isLooping", message: "the card feed does not loop; set it to false")
            }
            return
        }
        let slotCount = SlotRing(configuration: self).count
        guard slotCount <= Self.maximumSlotCount else {
            throw ConfigurationError(
                field: "itemLength",
                message: "items of \(resolvedItemLength) pt would need \(slotCount) slots; "
                    + "at most \(Self.maximumSlotCount) are allowed"
            )
        }
    }

    private static func requireLength(
        _ value: Double,
        _ field: String,
        allowsZero: Bool
    ) throws(ConfigurationError) {
        let lowerBound = allowsZero ? 0 : minimumItemLength
        try require(value, field, "must be at least \(lowerBound.formatted) and at most \(maximumLength.formatted) pt")
        {
            $0 >= lowerBound && $0 <= maximumLength
        }
    }

    private static func require(
        _ value: Double,
        _ field: String,
        _ rule: String,
        _ isAcceptable: (Double) -> Bool
    ) throws(ConfigurationError) {
        guard value.isFinite else {
            throw ConfigurationError(field: field, message: "must be a finite number, got \(value)")
        }
        guard isAcceptable(value) else {
            throw ConfigurationError(field: field, message: "\(rule), got \(value)")
        }
    }
}

extension Double {
    /// A whole number without its fraction ("10000"), anything else as Swift prints it.
    fileprivate var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
