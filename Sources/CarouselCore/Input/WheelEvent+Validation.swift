extension WheelEvent {
    /// Rejects deltas and times that are not usable numbers, by the pointer's limits.
    func validate() throws(CarouselError) {
        let refuse = { (member: String, reason: String) in CarouselError.invalidWheel(member: member, reason: reason) }
        try InputNumbers.check([("dx", deltaX), ("dy", deltaY)], within: Self.maximumDelta, refuse)
        try InputNumbers.checkTimestamp(timestamp, within: Self.maximumTimestamp, refuse)
    }
}
