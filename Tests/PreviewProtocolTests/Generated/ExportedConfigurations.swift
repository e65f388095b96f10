// swift-format-ignore-file
// Written by SwiftExportTests from `ConfigurationExport` for `ExportCases.all`; do not edit. To
// write it again: CAROUSEL_PREVIEW_WRITE_EXPORTS=1 swift test --filter SwiftExportTests
import CarouselCore

struct Exported0 {
    // From carousel-preview: the banner preset, shown with 3 items.
    let configuration: Configuration = .banner
    let itemCount = 3
}

struct Exported1 {
    // From carousel-preview: the paged preset, shown with 4 items.
    let configuration: Configuration = .paged
    let itemCount = 4
}

struct Exported2 {
    // From carousel-preview: the coverflow preset, shown with 5 items.
    let configuration: Configuration = .coverflow
    let itemCount = 5
}

struct Exported3 {
    // From carousel-preview: the strip preset, shown with 6 items.
    let configuration: Configuration = .strip
    let itemCount = 6
}

struct Exported4 {
    // From carousel-preview: the cards preset, shown with 7 items.
    let configuration: Configuration = .cards
    let itemCount = 7
}

struct Exported5 {
    // From carousel-preview: the coverflow preset, tuned, shown with 8 items.
    let configuration: Configuration = {
        var configuration = Configuration.coverflow
        configuration.spacing = 12.0
        configuration.decelerationRate = 0.995
        configuration.autoScrollInterval = .milliseconds(2000)
        return configuration
    }()
    let itemCount = 8
}

struct Exported6 {
    // From carousel-preview: the banner preset, tuned, shown with 9 items.
    let configuration: Configuration = {
        var configuration = Configuration.banner
        configuration.axis = .vertical
        configuration.isLooping = false
        configuration.itemLength = 300.0
        configuration.rubberBandCoefficient = 0.3
        return configuration
    }()
    let itemCount = 9
}

struct Exported7 {
    // From carousel-preview: the strip preset, tuned, shown with 10 items.
    let configuration: Configuration = {
        var configuration = Configuration.strip
        configuration.isLooping = true
        configuration.sideScale = 0.9
        configuration.flickVelocityThreshold = 500.0
        configuration.maxItemsPerFlick = 20
        configuration.springAngularFrequency = 30.25
        return configuration
    }()
    let itemCount = 10
}

struct Exported8 {
    // From carousel-preview: the cards preset, tuned, shown with 11 items.
    let configuration: Configuration = {
        var configuration = Configuration.cards
        configuration.viewportWidth = 390.0
        configuration.viewportHeight = 700.0
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = Duration(secondsComponent: 1, attosecondsComponent: 234567800000000032)
        return configuration
    }()
    let itemCount = 11
}

struct Exported9 {
    // From carousel-preview: the paged preset, tuned, shown with 12 items.
    let configuration: Configuration = {
        var configuration = Configuration.paged
        configuration.viewportWidth = 320.0
        configuration.inset = 0.1
        configuration.spacing = 1e-05
        configuration.itemThickness = 150.0
        return configuration
    }()
    let itemCount = 12
}

struct Exported10 {
    // From carousel-preview: the coverflow preset, tuned, shown with 13 items.
    let configuration: Configuration = {
        var configuration = Configuration.coverflow
        configuration.inset = 0.0
        configuration.spacing = 10000.0
        configuration.itemThickness = 9999.999999999998
        return configuration
    }()
    let itemCount = 13
}

struct Exported11 {
    // From carousel-preview: the strip preset, tuned, shown with 14 items.
    let configuration: Configuration = {
        var configuration = Configuration.strip
        configuration.template = .product
        configuration.content = .products
        configuration.imageFit = .contain
        configuration.cornerRadius = 0.5
        return configuration
    }()
    let itemCount = 14
}

/// What "Copy as Swift" gives for each of `ExportCases.all`, compiled as part of the tests.
enum ExportedConfigurations {
    static let all: [(configuration: Configuration, itemCount: Int)] = [
        (Exported0().configuration, Exported0().itemCount),
        (Exported1().configuration, Exported1().itemCount),
        (Exported2().configuration, Exported2().itemCount),
        (Exported3().configuration, Exported3().itemCount),
        (Exported4().configuration, Exported4().itemCount),
        (Exported5().configuration, Exported5().itemCount),
        (Exported6().configuration, Exported6().itemCount),
        (Exported7().configuration, Exported7().itemCount),
        (Exported8().configuration, Exported8().itemCount),
        (Exported9().configuration, Exported9().itemCount),
        (Exported10().configuration, Exported10().itemCount),
        (Exported11().configuration, Exported11().itemCount),
    ]
}
