import CarouselCore
import PreviewWire

/// What every framework's snippet is written from: the session's configuration and item count,
/// the geometry worked out once (where a resting page sits, the room after it), the motion in each
/// framework's units, and the notes the mapping table gives for this configuration.
public struct HandoverModel: Sendable {
    public let presetName: String
    public let isTuned: Bool
    public let configuration: Configuration
    public let itemCount: Int
    public let physics: FrameworkPhysics
    /// The share link's query for these settings (`?preset=strip&items=12&itemWidth=110`): the
    /// snippet's header names it, so the tuned carousel can be opened again on a preview server.
    public let settingsQuery: String
    /// The session's items in the carousel's order, as each file carries them; empty when the
    /// caller has none to give (a file then shows no items of its own).
    public let items: [HandoverItem]
    /// The images `items` name, for the handover's `images/` folder.
    public let images: [HandoverImage]

    public init(_ config: SessionConfiguration, itemCount: Int, items: HandoverItems = .none) {
        presetName = config.presetName
        self.items = items.items
        images = items.images
        configuration = config.configuration
        self.itemCount = itemCount
        physics = FrameworkPhysics(config.configuration)
        let preset = SessionConfiguration(preset: config.presetName)
        isTuned = preset?.configuration != config.configuration
        settingsQuery = Self.query(config.configuration, preset: preset, itemCount: itemCount)
    }

    // MARK: Geometry, in points along the carousel's axis.

    public var isHorizontal: Bool { configuration.axis == .horizontal }
    /// Right to left is a horizontal carousel's alone: a vertical one reads top to bottom.
    public var isRightToLeft: Bool { isHorizontal && configuration.layoutDirection == .rtl }
    public var itemLength: Double { configuration.resolvedItemLength }
    public var itemThickness: Double { configuration.resolvedItemThickness }
    /// The length of the block a page aligns: its items and the gaps between them.
    public var pageLength: Double { configuration.pageBlockLength }
    /// Where a resting page's leading edge sits: the margin before the first item.
    public var leadingMargin: Double { configuration.snapLine }
    /// The room after a resting page: the margin after the last item, so it can rest like the rest.
    public var trailingMargin: Double { configuration.viewportMainLength - configuration.snapLine - pageLength }
    public var isPaged: Bool { configuration.snapping == .item }
    /// How each item is drawn: banner, product tile or text card.
    public var template: Configuration.ItemTemplate { configuration.template }
    /// A strip Material 3's carousels hold (Compose's `HorizontalUncontainedCarousel`, Flutter's
    /// `CarouselView`): horizontal, without a loop, one item a page, several items in view.
    public var fitsMaterialCarousel: Bool {
        isHorizontal && !configuration.isLooping && configuration.itemsPerPage == 1
            && itemLength < configuration.viewportMainLength - 2 * configuration.inset
    }
    /// Auto-scroll's interval, to the millisecond (at least 1: the frameworks' timers count whole ones).
    public var autoScrollMilliseconds: Int {
        let (seconds, attoseconds) = configuration.autoScrollInterval.components
        return max(1, Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    // MARK: What a snippet says about itself.

    /// The header every snippet starts with, as comment lines without their comment marker: where
    /// it came from, how to open it again, and the notes of `target`.
    public func header(for target: ExportTarget) -> [String] {
        let tuned = isTuned ? ", tuned" : ""
        var lines = [
            "\(target.title): the \(presetName) preset\(tuned), from carousel-preview (\(itemCount) items).",
            "These settings on a carousel-preview server: /\(settingsQuery)",
        ]
        let notes = notes(for: target)
        if !notes.isEmpty {
            lines.append("Where \(target.title) differs from the preview:")
            lines += notes.map { "- " + $0.line }
        }
        return lines
    }

    /// `target`'s file of `lines`, with the notes its header names.
    func snippet(_ target: ExportTarget, file: String, lines: [String]) -> HandoverSnippet {
        HandoverSnippet(
            target: target,
            fileName: file,
            code: lines.joined(separator: "\n") + "\n",
            notes: notes(for: target)
        )
    }

    /// The mapping table's notes for `target`, for the fields that matter to this configuration
    /// (no note on looping for a carousel that does not loop), fields with the same note together.
    public func notes(for target: ExportTarget) -> [HandoverNote] {
        var notes: [(fields: [String], text: String)] = []
        for field in ConfigurationSchema.fields where matters(field) {
            guard let mapping = FrameworkMappings.mapping(of: field, in: target), let note = mapping.note else {
                continue
            }
            let text = mapping.how == nil ? "not expressible: \(note)" : "close: \(note) (\(mapping.how ?? ""))"
            let named = "\(field.linkName) \(Self.linkText(field.value(in: configuration)))"
            if let index = notes.firstIndex(where: { $0.text == text }) {
                notes[index].fields.append(named)
            } else {
                notes.append(([named], text))
            }
        }
        if configuration.layout == .cards, target != .engine {
            notes.append(
                (["layout cards"], "close: a page here is the viewport's height; the preview's cards keep their own")
            )
        }
        return notes.map { HandoverNote(fields: $0.fields, text: $0.text) }
    }

    /// Whether a field's note says anything about this configuration: a setting that is off, or
    /// one a framework cannot get wrong at its plain value, needs none.
    private func matters(_ field: ConfigurationField) -> Bool {
        switch field.linkName {
        case "loop": configuration.isLooping
        case "autoscroll", "intervalMs": configuration.isAutoScrollEnabled
        case "sideScale": configuration.sideScale != 1
        case "direction": isRightToLeft
        case "flickVelocity", "maxItemsPerFlick", "springFrequency": isPaged
        case "rubberBand": !configuration.isLooping
        case "itemsPerPage": configuration.itemsPerPage > 1
        case "align": configuration.alignment != .start
        case "snapping": !isPaged
        default: true
        }
    }

    // MARK: The share link.

    /// preset, items (when not the preset's count), then each field that differs from the preset.
    private static func query(_ configuration: Configuration, preset: SessionConfiguration?, itemCount: Int) -> String {
        var parameters = ["preset=\(preset?.presetName ?? "banner")", "items=\(itemCount)"]
        for field in ConfigurationSchema.fields {
            let value = field.value(in: configuration)
            // A session's own items stay in it: no link carries them.
            guard value != preset.map({ field.value(in: $0.configuration) }), value != .string("own") else { continue }
            parameters.append("\(field.linkName)=\(linkText(value))")
        }
        return "?" + parameters.joined(separator: "&")
    }

    /// A value as a share link writes it: on/off for a flag, auto for a length the layout decides.
    static func linkText(_ value: JSONValue) -> String {
        switch value {
        case .bool(let flag): flag ? "on" : "off"
        case .null: "auto"
        case .number(let number): CodeNumber.text(number)
        case .string(let text): text
        default: ""
        }
    }
}
