extension Configuration {
    /// Whether a release coasts and rests wherever it stops instead of snapping to an item.
    var scrollsFreely: Bool { snapping == .free }
}
