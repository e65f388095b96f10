// swift-format-ignore-file
// Written by SwiftExportTests from `ConfigurationExport` for `ExportCases.all`; do not edit. To
// write it again: CAROUSEL_PREVIEW_WRITE_EXPORTS=1 swift test --filter SwiftExportTests
import CarouselCore

/// What "Copy as Swift" gives for each of `ExportCases.all`, compiled as part of the tests.
enum ExportedConfigurations {
    static let all: [Configuration] = [
        Configuration.banner,
        Configuration.paged,
        Configuration.coverflow,
        Configuration.strip,
        Configuration.cards,
        {
            var configuration = Configuration.coverflow
            configuration.spacing = 12.0
            configuration.decelerationRate = 0.995
            configuration.autoScrollInterval = .milliseconds(2000)
            return configuration
        }(),
        {
            var configuration = Configuration.banner
            configuration.axis = .vertical
            configuration.isLooping = false
            configuration.itemLength = 300.0
            configuration.rubberBandCoefficient = 0.3
            return configuration
        }(),
        {
            var configuration = Configuration.strip
            configuration.isLooping = true
            configuration.sideScale = 0.9
            configuration.flickVelocityThreshold = 500.0
            configuration.springAngularFrequency = 30.25
            return configuration
        }(),
        {
            var configuration = Configuration.cards
            configuration.viewportWidth = 390.0
            configuration.viewportHeight = 700.0
            configuration.isAutoScrollEnabled = true
            configuration.autoScrollInterval = Duration(secondsComponent: 1, attosecondsComponent: 234567800000000032)
            return configuration
        }(),
        {
            var configuration = Configuration.paged
            configuration.viewportWidth = 320.0
            configuration.inset = 0.1
            configuration.spacing = 1e-05
            configuration.itemThickness = 150.0
            return configuration
        }(),
        {
            var configuration = Configuration.coverflow
            configuration.inset = 0.0
            configuration.spacing = 10000.0
            configuration.itemThickness = 9999.999999999998
            return configuration
        }(),
    ]
}
