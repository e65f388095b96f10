/// The numbers of a pointer or wheel event checked the same way: each finite and at most its limit
/// in magnitude, else the member named with why (`refuse` makes the event's own error).
enum InputNumbers {
    static func check(
        _ members: [(name: String, value: Double)],
        within limit: Double,
        _ refuse: (_ member: String, _ reason: String) -> CarouselError
    ) throws(CarouselError) {
        for (name, value) in members where !(value.isFinite && abs(value) <= limit) {
            throw refuse(name, "\(name) must be a finite number of at most \(limit) in magnitude, got \(value)")
        }
    }

    /// An event's timestamp (`t`), in milliseconds.
    static func checkTimestamp(
        _ timestamp: Double,
        within limit: Double,
        _ refuse: (_ member: String, _ reason: String) -> CarouselError
    ) throws(CarouselError) {
        guard timestamp.isFinite, abs(timestamp) <= limit else {
            throw refuse(
                "t",
                "timestamp must be a finite number of milliseconds of at most \(limit) in magnitude, got \(timestamp)"
            )
        }
    }
}
