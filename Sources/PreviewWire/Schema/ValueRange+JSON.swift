import CarouselCore

extension ValueRange {
    /// The bounds as JSON Schema names them: `minimum` / `maximum` for a bound the range includes,
    /// `exclusiveMinimum` / `exclusiveMaximum` for one it leaves out.
    package var boundMembers: [(key: String, value: JSONValue)] {
        [
            (includesMinimum ? "minimum" : "exclusiveMinimum", .number(minimum)),
            (includesMaximum ? "maximum" : "exclusiveMaximum", .number(maximum)),
        ]
    }
}
