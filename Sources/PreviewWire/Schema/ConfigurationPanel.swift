/// Where each configuration field is set in the page's panel, or why it is set only by a link or a
/// `configure`. Keyed by the field's link name; `SchemaPanelTests` fails on a field with neither,
/// so a new field cannot reach the protocol without reaching the designer too.
public enum ConfigurationPanel {
    public enum Place: Sendable {
        case control(PanelControl)
        case linkOnly(reason: String)
    }

    /// The order the controls take in their sections, top to bottom.
    public static let order = [
        // The six a Compare pane shows without scrolling come first, as they always stood.
        "inset", "spacing", "maxItemsPerFlick", "decelerationRate", "sideScale", "intervalMs",
        "springFrequency", "flickVelocity", "rubberBand", "loop",
        "content", "template", "imageFit", "cornerRadius",
        "viewportWidth", "viewportHeight", "itemsPerPage", "itemWidth", "itemHeight", "axis", "align", "snapping",
        "direction",
    ]

    /// The place of the field `linkName` names; nil for a field this table forgot (a test fails).
    public static func place(of linkName: String) -> Place? {
        places[linkName]
    }

    private static func range(
        _ section: PanelControl.Section,
        _ label: String,
        _ minimum: Double,
        _ maximum: Double,
        step: Double,
        decimals: Int = 0,
        ends: (String, String)? = nil,
        reversed: Bool = false,
        note: String? = nil,
        conditionalNote: String? = nil
    ) -> Place {
        var control = PanelControl(.range, section, label)
        control.offered = PanelControl.Offered(minimum: minimum, maximum: maximum, step: step)
        control.decimals = decimals
        control.ends = ends
        control.isReversed = reversed
        control.note = note
        control.conditionalNote = conditionalNote
        return .control(control)
    }

    private static func control(
        _ kind: PanelControl.Kind,
        _ section: PanelControl.Section,
        _ label: String,
        note: String? = nil,
        choices: [String: String] = [:]
    ) -> Place {
        var control = PanelControl(kind, section, label)
        control.note = note
        control.choiceLabels = choices
        return .control(control)
    }

    private static let places: [String: Place] = [
        "loop": control(
            .toggle,
            .feel,
            "Loop",
            note:
                "From the last item on to the first, endlessly; off, the carousel stops at both ends and stretches there."
        ),
        "inset": range(.feel, "Inset", 0, 60, step: 1),
        "spacing": range(.feel, "Spacing", 0, 40, step: 1),
        "maxItemsPerFlick": range(.feel, "Items per flick", 1, 20, step: 1),
        "flickVelocity": range(
            .feel,
            "Flick threshold, pt/s",
            0,
            2000,
            step: 10,
            note: "How fast a release must be to go on to the next item; slower, it settles on the nearer one."
        ),
        "springFrequency": range(
            .feel,
            "Snap",
            4,
            60,
            step: 1,
            ends: ("snappy", "soft"),
            reversed: true,
            note:
                "How the carousel settles on an item: snappy arrives fast, soft glides in (the spring's frequency, rad/s)."
        ),
        "decelerationRate": range(
            .feel,
            "Deceleration rate",
            0.98,
            0.999,
            step: 0.001,
            decimals: 3,
            conditionalNote:
                "No effect on flicks while a flick moves at most one item: it only tips a slow release between two items. Raise Items per flick to let it carry a flick further."
        ),
        "rubberBand": range(
            .feel,
            "Rubber band",
            0.05,
            1,
            step: 0.05,
            decimals: 2,
            ends: ("stiff", "stretchy"),
            note: "How far the carousel stretches past an end it cannot loop over (UIKit's is 0.55)."
        ),
        "sideScale": range(.feel, "Side scale", 0.5, 1, step: 0.01, decimals: 2),
        "autoscroll": .linkOnly(
            reason:
                "the Auto-scroll button under the carousel turns it on and off for everyone, so the panel has no second switch"
        ),
        "intervalMs": {
            var control = PanelControl(.number, .feel, "Auto-scroll every, ms")
            // A turn faster than half a second reads as a glitch, slower than a minute as stuck.
            control.offered = PanelControl.Offered(minimum: 500, maximum: 60_000, step: 100)
            return .control(control)
        }(),
        "content": control(
            .menu,
            .content,
            "Items",
            note:
                "Banners, Arabic banners (for a right-to-left carousel) and products are bundled samples; your own items are the ones viewers gave the session, kept while you look at another set.",
            choices: [
                "banners": "Banners", "arabic": "Banners in Arabic (reads right to left)",
                "products": "Products with prices", "cards": "The feed's cards", "own": "Your own items",
            ]
        ),
        "template": control(
            .menu,
            .content,
            "Template",
            choices: [
                "banner": "Banner: an image with its caption",
                "product": "Product tile: square image, title, price, badge", "text": "Text card",
            ]
        ),
        "imageFit": control(
            .menu,
            .content,
            "Image fit",
            choices: ["cover": "Fill the item, cropping the edges", "contain": "Show the whole image"]
        ),
        "cornerRadius": range(.content, "Corner radius, pt", 0, 40, step: 1),
        "viewportWidth": control(.number, .layout, "Viewport width, pt"),
        "viewportHeight": control(.number, .layout, "Viewport height, pt"),
        "itemsPerPage": range(
            .layout,
            "Items per page",
            1,
            4,
            step: 1,
            conditionalNote:
                "One item fits between the insets: set a smaller Item width, inset or spacing to put more on a page."
        ),
        "itemWidth": control(
            .number,
            .layout,
            "Item width, pt",
            note: "Along the carousel. Empty: the viewport less both insets, so one item fits and a page holds one."
        ),
        "itemHeight": control(
            .number,
            .layout,
            "Item height, pt",
            note: "Across the carousel. Empty: the viewport's, so an item fills it."
        ),
        "axis": control(
            .menu,
            .layout,
            "Scrolls",
            choices: ["horizontal": "Sideways", "vertical": "Up and down"]
        ),
        "align": control(.menu, .layout, "Align", choices: ["start": "Start", "center": "Centre", "end": "End"]),
        "snapping": control(.menu, .layout, "Snapping", choices: ["item": "To an item", "free": "Free"]),
        "direction": control(
            .menu,
            .layout,
            "Direction",
            choices: ["ltr": "Left to right", "rtl": "Right to left"]
        ),
    ]
}
