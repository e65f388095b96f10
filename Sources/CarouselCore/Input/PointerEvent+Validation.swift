extension PointerEvent {
    /// Rejects coordinates and times that are not usable numbers.
    func validate() throws(CarouselError) {
        let refuse = { (member: String, reason: String) in CarouselError.invalidPointer(member: member, reason: reason)
        }
        try InputNumbers.check([("x", x), ("y", y)], within: Self.maximumCoordinate, refuse)
        try InputNumbers.checkTimestamp(timestamp, within: Self.maximumTimestamp, refuse)
    }
}
