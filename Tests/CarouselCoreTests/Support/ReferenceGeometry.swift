@testable import CarouselCore

/// Where a uniform layout may rest, worked out from the definitions by brute force (every item
/// tried), independently of the engine's O(1) search: the tests compare the two.
///
/// A position P puts item i's leading edge at `snapLine + i * pitch - P` from the viewport's
/// leading edge, the snap line being where the resting page's leading edge sits.
enum ReferenceGeometry {
    /// The snap line by its definition: start `inset`; center the page's block centred; end the
    /// block's far edge `inset` from the viewport's end.
    static func snapLine(_ configuration: Configuration) -> Double {
        let viewport = configuration.viewportMainLength
        let k = Double(configuration.itemsPerPage)
        let block = k * configuration.resolvedItemLength + (k - 1) * configuration.spacing
        switch configuration.alignment {
        case .start: return configuration.inset
        case .center: return (viewport - block) / 2
        case .end: return viewport - configuration.inset - block
        }
    }

    /// Every snap point of a finite strip of `count` items, ascending, from its first item's.
    static func finiteSnapPoints(_ configuration: Configuration, count: Int) -> [Double] {
        guard count > 0 else { return [0] }
        let pitch = configuration.pitch
        let k = configuration.itemsPerPage
        let line = snapLine(configuration)
        let inset = configuration.inset
        let viewport = configuration.viewportMainLength
        let length = configuration.resolvedItemLength
        // The positions that put the content's start at the start inset, and its end at the end inset.
        let contentAtStart = line - inset
        let contentAtEnd = line + Double(count - 1) * pitch + length + inset - viewport
        let starts = stride(from: 0, to: count, by: k).map { Double($0) * pitch }
        let lower: Double
        let upper: Double
        switch configuration.alignment {
        case .start:
            lower = 0
            upper = max(0, min(Double(count - 1) * pitch, contentAtEnd))
        case .end:
            upper = Double(count - k) * pitch
            lower = min(upper, max(0, contentAtStart))
        case .center:
            let content = Double(count - 1) * pitch + length
            if content <= viewport - 2 * inset, count > 1 || k > 1 {
                let centred = line - (viewport - content) / 2
                return [centred]
            }
            lower = 0
            upper = starts.last!
        }
        return [lower] + starts.filter { $0 > lower + 1e-9 && $0 < upper - 1e-9 }
            + (upper > lower + 1e-9 ? [upper] : [])
    }

    /// Whether wrapped item `index` starts a page of a loop (pages restart every lap).
    static func startsPage(_ index: Int, _ configuration: Configuration) -> Bool {
        index % configuration.itemsPerPage == 0
    }
}
