extension WheelEvent {
    /// Rejects deltas and times that are not usable numbers, by the pointer's limits.
    func validate() throws(CarouselError) {
        for (name, value) in [("dx", deltaX), ("dy", deltaY)] {
            guard value.isFinite, abs(value) <= Self.maximumDelta else {
                throw .invalidWheel(
                    member: name,
                    reason: "\(name) must be a finite number of at most \(Self.maximumDelta) in magnitude, got \(value)"
                )
            }
        }
        guard timestamp.isFinite, abs(timestamp) <= Self.maximumTimestamp else {
            throw .invalidWheel(
                member: "t",
                reason:
                    "timestamp must be a finite number of milliseconds of at most \(Self.maximumTimestamp) in magnitude, got \(timestamp)"
            )
        }
    }
}
