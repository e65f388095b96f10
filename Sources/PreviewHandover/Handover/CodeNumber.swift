import CarouselCore

/// A number as the snippets write it. A value the designer set is written in Swift's shortest
/// round-trip form (a whole number without a fraction), which Swift, Kotlin, Dart and JavaScript
/// all read back to the same double: the snippet carries the tuned value itself. A value worked out
/// from one (Compose's friction multiplier, Splide's flick power) is written to 12 significant
/// digits, so 0.99 / (1 - 0.99) reads 99, not 98.99999999999991: within 5e-12 of it.
package enum CodeNumber {
    package static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return value.description
    }

    package static func derived(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return text(value) }
        let digits = 12
        let magnitude = Int((Elementary.log(abs(value)) / Elementary.log(10)).rounded(.down))
        let shift = digits - 1 - magnitude
        // Powers of ten up to 10^22 are exact doubles, so one multiplication or division rounds once.
        guard abs(shift) <= 22 else { return text(value) }
        var scale = 1.0
        for _ in 0..<abs(shift) { scale *= 10 }
        let rounded = shift >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
        return text(rounded)
    }
}
