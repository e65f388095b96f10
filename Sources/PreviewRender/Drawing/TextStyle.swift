/// How a caption's text is set, as the page's style sheet sets it: the font's size and weight,
/// its colour, the CSS line height (a multiple of the size; `nil` is `normal`, the font's own), how
/// many lines it may take before it ends in an ellipsis, and the direction it reads in (which edge
/// it starts from, and how mixed text is ordered).
struct TextStyle: Hashable, Sendable {
    var size: Double
    var isBold = false
    var color: Color
    var lineHeight: Double?
    var maximumLines = 1
    var isRightToLeft = false
}
