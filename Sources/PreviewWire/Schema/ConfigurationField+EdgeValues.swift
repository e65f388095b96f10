extension ConfigurationField {
    /// The numbers at this field's edges, for property tests and the fuzzers: each bound, the
    /// nearest numbers on either side of it, and the numbers every field must survive (0, -0, the
    /// smallest subnormal, 1e-307 and the largest finite number). Empty for a field without a range.
    public var edgeValues: [Double] {
        guard let range else { return [] }
        var values: [Double] = [0, -0.0, .leastNonzeroMagnitude, 1e-307, -1, .greatestFiniteMagnitude]
        for bound in [range.minimum, range.maximum] {
            values += [bound.nextDown, bound, bound.nextUp]
        }
        values.append((range.minimum + min(range.maximum, range.minimum + 1000)) / 2)
        return values
    }
}
