import CarouselCore

extension Configuration {
    /// This configuration with auto-scroll on, every `interval`.
    func autoScrolling(every interval: Duration) -> Configuration {
        var configuration = self
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = interval
        return configuration
    }
}
