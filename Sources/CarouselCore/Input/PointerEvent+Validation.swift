extension PointerEvent {
    /// Rejects coordinates and times that are not usable numbers.
    func validate() throws(CarouselError) {
        for (name, value) in [("x", x), ("y", y)] {
            guard value.isFinite, abs(value) <= Self.maximumCoordinate else {
                throw .invalidPointer(
                    member: name,
                    reason:
                        "\(name) must be a finite number of at most \(Self.maximumCoordinate) in magnitude, got \(value)"
                )
            }
        }
        guard timestamp.isFinite, abs(timestamp) <= Self.maximumTimestamp else {
            throw .invalidPointer(
                member: "t",
                reason:
                    "timestamp must be a finite number of milliseconds of at most \(Self.maximumTimestamp) in magnitude, got \(timestamp)"
            )
        }
    }
}
