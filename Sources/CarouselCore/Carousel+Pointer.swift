extension Carousel {
    /// Rejects coordinates and times that are not usable numbers.
    static func validatePointer(_ event: PointerEvent) throws(CarouselError) {
        for (name, value) in [("x", event.x), ("y", event.y)] {
            guard value.isFinite, abs(value) <= PointerEvent.maximumCoordinate else {
                throw .invalidPointer(
                    "\(name) must be a finite number of at most \(PointerEvent.maximumCoordinate) in magnitude, got \(value)"
                )
            }
        }
        guard event.timestamp.isFinite, abs(event.timestamp) <= PointerEvent.maximumTimestamp else {
            throw .invalidPointer(
                "timestamp must be a finite number of milliseconds of at most \(PointerEvent.maximumTimestamp) in magnitude, got \(event.timestamp)"
            )
        }
    }
}
