import CarouselCore

extension PagingEngine {
    /// A fresh engine at rest on the current item, with the same configuration and items; `nil`
    /// when none can be made. What a session falls back on should a frame carry a number that is
    /// not finite, so viewers never get `null` positions.
    func restartedAtRest() -> Engine? {
        guard var fresh = try? makePagingEngine(configuration: configuration, items: items) else { return nil }
        if items.indices.contains(currentIndex) {
            _ = try? fresh.handle(.command(.go(to: currentIndex, animated: false)))
        }
        _ = fresh.takeFrame()
        return fresh
    }
}
