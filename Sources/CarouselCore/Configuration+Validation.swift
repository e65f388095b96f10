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

    /// The range of each tunable number, written once: validation reads them, and so do the
    /// protocol's schema, share links and the page (through the schema the server publishes).
    public enum Rules {
        /// Viewport and item lengths, in points.
        public static let length = ValueRange(minimumItemLength, maximumLength)
        /// Insets and spacing, in points: zero allowed.
        public static let gap = ValueRange(0, maximumLength)
        /// Fraction of velocity kept per millisecond.
        public static let decelerationRate = ValueRange(0, 1, includesMinimum: false, includesMaximum: false)
        /// Scale of the side items.
        public static let sideScale = ValueRange(0, 1, includesMinimum: false)
        /// Release speed in points per second.
        public static let flickVelocity = ValueRange(0, 100_000)
        /// Snap points one release may travel, a whole number. Above 20 a flick is a scroll, not a
        /// page: the spring lands within 400 ms however far it goes, so 20 banner pitches (7,020 pt)
        /// already arrive at a mean 17,550 pt/s, faster than a hard finger flick leaves the glass,
        /// and an item passing that fast cannot be seen, let alone chosen.
        public static let itemsPerFlick = ValueRange(1, 20)
        /// Items per page, a whole number; a page never holds more than the slots a configuration may
        /// need. The items that fit the viewport bound it further.
        public static let itemsPerPage = ValueRange(1, Double(maximumSlotCount))
        /// The spring's angular frequency in radians per second.
        public static let springFrequency = ValueRange(1, 1000)
        /// The rubber band's stiffness.
        public static let rubberBand = ValueRange(0, 10, includesMinimum: false)
        /// Auto-scroll's interval in milliseconds: longer than 0, at most one day.
        public static let autoScrollMilliseconds = ValueRange(0, 86_400_000, includesMinimum: false)
        /// An item's corner radius in points: 0 (square) to 200, past which no carousel item on a
        /// phone's screen (at most 428 pt wide) could round further; a renderer also keeps a radius
        /// within half the item's shorter side, as CSS does.
        public static let cornerRadius = ValueRange(0, 200)
    }

    /// Throws the first problem found, so a rejected value never reaches the engine.
    public func validate() throws(ConfigurationError) {
        try Self.require(viewportWidth, "viewportWidth", Rules.length, unit: "pt")
        try Self.require(viewportHeight, "viewportHeight", Rules.length, unit: "pt")
        try Self.require(inset, "inset", Rules.gap, unit: "pt")
        try Self.require(spacing, "spacing", Rules.gap, unit: "pt")
        if let itemLength { try Self.require(itemLength, "itemLength", Rules.length, unit: "pt") }
        if let itemThickness { try Self.require(itemThickness, "itemThickness", Rules.length, unit: "pt") }
        if itemLength == nil, !(resolvedItemLength >= Self.minimumItemLength) {
            throw ConfigurationError(
                field: "inset",
                message: "leaves no room for an item: viewport \(viewportMainLength) - 2 * inset \(inset) "
                    + "= \(resolvedItemLength); use a smaller inset or set itemLength"
            )
        }
        try Self.require(decelerationRate, "decelerationRate", Rules.decelerationRate)
        try Self.require(sideScale, "sideScale", Rules.sideScale)
        try Self.require(flickVelocityThreshold, "flickVelocityThreshold", Rules.flickVelocity, unit: "pt/s")
        try Self.require(Double(maxItemsPerFlick), "maxItemsPerFlick", Rules.itemsPerFlick)
        try Self.require(Double(itemsPerPage), "itemsPerPage", Rules.itemsPerPage)
        try Self.require(springAngularFrequency, "springAngularFrequency", Rules.springFrequency, unit: "rad/s")
        try Self.require(rubberBandCoefficient, "rubberBandCoefficient", Rules.rubberBand)
        try Self.require(cornerRadius, "cornerRadius", Rules.cornerRadius, unit: "pt")
        // Compared as durations, exactly: a Double of milliseconds would round attoseconds away.
        let longest = Duration.milliseconds(Int64(Rules.autoScrollMilliseconds.maximum))
        guard autoScrollInterval > .zero, autoScrollInterval <= longest else {
            throw ConfigurationError(
                field: "autoScrollInterval",
                message: "must be longer than 0 and at most one day, got \(autoScrollInterval.milliseconds) ms"
            )
        }
        try requireContentOfLayout()
        if layout == .cards {
            guard !isLooping else {
                throw ConfigurationError(field: "isLooping", message: "the card feed does not loop; set it to false")
            }
            try requireCardFeedPaging()
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
        // A page is items side by side between the insets: more than fit could never all show.
        guard itemsPerPage <= itemsThatFit else {
            throw ConfigurationError(
                field: "itemsPerPage",
                message: "at most \(itemsThatFit) items of \(resolvedItemLength) pt fit between the insets of "
                    + "a \(viewportMainLength) pt viewport, got \(itemsPerPage); lower itemsPerPage or itemLength"
            )
        }
    }

    /// The card feed shows cards, a uniform layout anything but: each layout has its own bundled set.
    private func requireContentOfLayout() throws(ConfigurationError) {
        if layout == .cards, content != .cards, content != .own {
            throw ConfigurationError(field: "content", message: "the card feed shows cards; set it to cards or own")
        }
        if layout == .uniform, content == .cards {
            throw ConfigurationError(
                field: "content",
                message: "cards are the card feed's; set it to banners, arabic, products or own"
            )
        }
    }

    /// The card feed pages by its own stops (a card, or a viewport within a long card): items are
    /// not aligned, grouped or scrolled freely there.
    private func requireCardFeedPaging() throws(ConfigurationError) {
        guard alignment == .start else {
            throw ConfigurationError(
                field: "alignment",
                message: "the card feed rests each card at its top; set it to start"
            )
        }
        guard itemsPerPage == 1 else {
            throw ConfigurationError(
                field: "itemsPerPage",
                message: "the card feed pages one card at a time; set it to 1"
            )
        }
        guard snapping == .item else {
            throw ConfigurationError(field: "snapping", message: "the card feed stops on its cards; set it to item")
        }
    }

    private static func require(
        _ value: Double,
        _ field: String,
        _ range: ValueRange,
        unit: String = ""
    ) throws(ConfigurationError) {
        guard value.isFinite else {
            throw ConfigurationError(field: field, message: "must be a finite number, got \(value)")
        }
        guard range.contains(value) else {
            throw ConfigurationError(field: field, message: "\(range.sentence(unit: unit)), got \(value)")
        }
    }
}
