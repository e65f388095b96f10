/// How the page's settings panel offers one configuration field: a control of one of a few kinds,
/// in one of the panel's sections. The page builds the panel from these (public/js/settings/
/// panelfields.js), so a field's control is written once, here, beside the field it sets.
public struct PanelControl: Sendable {
    /// The kinds of control the page knows how to draw (public/js/settings/controlkinds.js).
    public enum Kind: String, Sendable, CaseIterable {
        /// A slider over `offered`, with the value shown beside it.
        case range
        /// A number box in the field's unit; for a field that takes `null`, empty means `auto`.
        case number
        /// An on/off switch.
        case toggle = "switch"
        /// One of the field's choices.
        case menu
    }

    /// Where in the panel the control sits.
    public enum Section: String, Sendable, CaseIterable {
        /// Always open: how the carousel moves.
        case feel
        /// "Content and template": what it shows and how an item is drawn.
        case content
        /// "Device, paging, alignment and direction": its geometry.
        case layout
    }

    /// The part of the field's range a slider offers (what is useful to a designer), and its step.
    public struct Offered: Sendable {
        public let minimum: Double
        public let maximum: Double
        public let step: Double
    }

    public let kind: Kind
    public let section: Section
    public let label: String
    public var offered: Offered?
    /// The words at a slider's two ends, left then right ("snappy", "soft").
    public var ends: (String, String)?
    /// A slider whose right end is the field's minimum (Snap: a softer spring is a lower frequency).
    public var isReversed = false
    /// What a reader sees under the control, always.
    public var note: String?
    /// A note the page shows only when it applies (its rule is the page's: flickreach.js and the like).
    public var conditionalNote: String?
    /// A menu's words for each choice, in the field's order; the choice's name where missing.
    public var choiceLabels: [String: String] = [:]
    /// The number's decimals as the slider shows it.
    public var decimals = 0

    public init(_ kind: Kind, _ section: Section, _ label: String) {
        self.kind = kind
        self.section = section
        self.label = label
    }
}

extension PanelControl {
    /// As the page's schema carries it under the field's `panel`.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("section", .string(section.rawValue)), ("label", .string(label)),
        ]
        if let offered {
            members.append(
                (
                    "offered",
                    .object([
                        ("minimum", .number(offered.minimum)), ("maximum", .number(offered.maximum)),
                        ("step", .number(offered.step)),
                    ])
                )
            )
        }
        if let ends { members.append(("ends", .array([.string(ends.0), .string(ends.1)]))) }
        if isReversed { members.append(("reversed", .bool(true))) }
        if decimals > 0 { members.append(("decimals", .number(Double(decimals)))) }
        if let note { members.append(("note", .string(note))) }
        if let conditionalNote { members.append(("conditionalNote", .string(conditionalNote))) }
        if !choiceLabels.isEmpty {
            members.append(
                ("choiceLabels", .object(choiceLabels.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
            )
        }
        return .object(members)
    }
}
