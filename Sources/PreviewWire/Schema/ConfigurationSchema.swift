import CarouselCore

/// The tunables of a session's configuration, in the order protocol v1 sends them, each written
/// once (see `ConfigurationField`), with the ranges CarouselCore's `Configuration.Rules` define.
public enum ConfigurationSchema {
    private typealias Rules = Configuration.Rules

    /// Every tunable field. The read-only members of `config` (`preset`, `layout`, `limits`) are
    /// not fields: the preset is chosen by name, the layout follows it, the limits are the server's.
    public static let fields: [ConfigurationField] = [
        field(["axis"], link: "axis", swift: "axis", .choice(.at(\.axis))),
        field(["loop"], link: "loop", swift: "isLooping", .flag(\.isLooping)),
        field(
            ["viewport", "width"],
            link: "viewportWidth",
            swift: "viewportWidth",
            .number(\.viewportWidth),
            Rules.length,
            "pt"
        ),
        field(
            ["viewport", "height"],
            link: "viewportHeight",
            swift: "viewportHeight",
            .number(\.viewportHeight),
            Rules.length,
            "pt"
        ),
        field(["inset"], link: "inset", swift: "inset", .number(\.inset), Rules.gap, "pt"),
        field(["spacing"], link: "spacing", swift: "spacing", .number(\.spacing), Rules.gap, "pt"),
        field(["itemWidth"], link: "itemWidth", swift: "itemLength", .optionalNumber(\.itemLength), Rules.length, "pt"),
        field(
            ["itemHeight"],
            link: "itemHeight",
            swift: "itemThickness",
            .optionalNumber(\.itemThickness),
            Rules.length,
            "pt"
        ),
        field(["sideScale"], link: "sideScale", swift: "sideScale", .number(\.sideScale), Rules.sideScale),
        field(
            ["decelerationRate"],
            link: "decelerationRate",
            swift: "decelerationRate",
            .number(\.decelerationRate),
            Rules.decelerationRate
        ),
        field(
            ["flickVelocity"],
            link: "flickVelocity",
            swift: "flickVelocityThreshold",
            .number(\.flickVelocityThreshold),
            Rules.flickVelocity,
            "pt/s"
        ),
        field(
            ["maxItemsPerFlick"],
            link: "maxItemsPerFlick",
            swift: "maxItemsPerFlick",
            .count(\.maxItemsPerFlick),
            Rules.itemsPerFlick
        ),
        field(
            ["springFrequency"],
            link: "springFrequency",
            swift: "springAngularFrequency",
            .number(\.springAngularFrequency),
            Rules.springFrequency,
            "rad/s"
        ),
        field(
            ["rubberBand"],
            link: "rubberBand",
            swift: "rubberBandCoefficient",
            .number(\.rubberBandCoefficient),
            Rules.rubberBand
        ),
        field(
            ["autoscroll", "enabled"],
            link: "autoscroll",
            swift: "isAutoScrollEnabled",
            .flag(\.isAutoScrollEnabled)
        ),
        field(
            ["autoscroll", "intervalMs"],
            link: "intervalMs",
            swift: "autoScrollInterval",
            .milliseconds(\.autoScrollInterval),
            Rules.autoScrollMilliseconds,
            "ms"
        ),
        // Horizontal carousels only: a vertical one reads top to bottom whatever it says (accepted, no effect).
        field(["direction"], link: "direction", swift: "layoutDirection", .choice(.at(\.layoutDirection))),
        field(["align"], link: "align", swift: "alignment", .choice(.at(\.alignment))),
        field(
            ["itemsPerPage"],
            link: "itemsPerPage",
            swift: "itemsPerPage",
            .count(\.itemsPerPage),
            Rules.itemsPerPage
        ),
        field(["snapping"], link: "snapping", swift: "snapping", .choice(.at(\.snapping))),
        field(["template"], link: "template", swift: "template", .choice(.at(\.template))),
        // A bundled set of items, or `own`: the session's items follow it (see `Reconfiguration`).
        field(["content"], link: "content", swift: "content", .choice(.at(\.content))),
        // Drawing only, like the template: how an item's image fills it and how round its corners are.
        field(["imageFit"], link: "imageFit", swift: "imageFit", .choice(.at(\.imageFit))),
        field(
            ["cornerRadius"],
            link: "cornerRadius",
            swift: "cornerRadius",
            .number(\.cornerRadius),
            Rules.cornerRadius,
            "pt"
        ),
    ]

    private static func field(
        _ path: [String],
        link: String,
        swift: String,
        _ storage: ConfigurationField.Storage,
        _ range: ValueRange? = nil,
        _ unit: String = ""
    ) -> ConfigurationField {
        ConfigurationField(path: path, linkName: link, swiftName: swift, range: range, unit: unit, storage: storage)
    }

    /// The field a share-link parameter names.
    public static func field(linkName: String) -> ConfigurationField? {
        fields.first { $0.linkName == linkName }
    }

    /// The field that holds the engine's `Configuration` property `swiftName` (how a
    /// `ConfigurationError` names it).
    public static func field(swiftName: String) -> ConfigurationField? {
        fields.first { $0.swiftName == swiftName }
    }

    /// The first members of `config` paths: `axis`, `viewport`, `autoscroll`, ... in order.
    static var topLevelNames: [String] {
        var names: [String] = []
        for field in fields where names.last != field.path[0] { names.append(field.path[0]) }
        return names
    }
}
