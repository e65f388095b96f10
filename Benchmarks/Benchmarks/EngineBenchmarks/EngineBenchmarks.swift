import Benchmark
import CarouselCore
import PreviewProtocol
import PreviewWire

/// The engine's cost per fixed step (4 ms of time) in each phase, and the card feed's frame cost
/// as the number of cards grows. Time and heap allocations are both reported; the targets are
/// well under a microsecond per step and no allocation per step in steady state.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    for preset in ["banner", "strip", "cards"] {
        let configuration = Configuration.preset(named: preset)!
        let items = (0..<20).map {
            CarouselItem(id: "item-\($0)", length: $0 % 3 == 0 ? 1400 : nil, kind: $0 % 2 == 0 ? "photo" : "text")
        }

        Benchmark("step while idle (\(preset))") { benchmark in
            var engine = try makePagingEngine(configuration: configuration, items: items)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { engine.advance(by: .milliseconds(4)) }
            blackHole(engine.currentIndex)
        }

        Benchmark("step while dragging (\(preset))") { benchmark in
            var engine = try makePagingEngine(configuration: configuration, items: items)
            try engine.handle(.pointer(PointerEvent(.down, x: 200, y: 300, timestamp: 0)))
            var time = 0.0
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                time += 4
                let offset = Double(index % 200)
                try engine.handle(.pointer(PointerEvent(.move, x: 200 - offset, y: 300 - offset, timestamp: time)))
                engine.advance(by: .milliseconds(4))
            }
            blackHole(engine.currentIndex)
        }

        Benchmark("step while animating (\(preset))") { benchmark in
            var engine = try makePagingEngine(configuration: configuration, items: items)
            benchmark.startMeasurement()
            var steps = 0
            for _ in benchmark.scaledIterations {
                if steps % 100 == 0 { try engine.handle(.command(.next)) }
                engine.advance(by: .milliseconds(4))
                steps += 1
            }
            blackHole(engine.currentIndex)
        }
    }

    // Scaling with the item count: a step's cost must not depend on how many items there are (what
    // an engine keeps in memory is measured by the engine-memory executable).
    for itemCount in [3, 1_000, 1_000_000] {
        let items = (0..<itemCount).map { CarouselItem(id: "item-\($0)") }
        var prepared = try! Carousel(configuration: .banner, items: items)
        try! prepared.handle(.command(.go(to: itemCount / 2, animated: false)))
        let atRest = prepared
        Benchmark("banner animation step, \(itemCount) items") { benchmark in
            var carousel = atRest
            benchmark.startMeasurement()
            var steps = 0
            for _ in benchmark.scaledIterations {
                if steps % 100 == 0 { try carousel.handle(.command(.next)) }
                carousel.advance(by: .milliseconds(4))
                steps += 1
            }
            blackHole(carousel.currentIndex)
        }
    }

    // Every way of moving it: each mode's step must cost the same at any item count, without
    // allocating. Every 100 steps a gesture starts from the middle of the items: a trackpad swipe (60
    // wheel events rising then decaying, one per step), a right-to-left finger flick, a flick over
    // a start-aligned strip paged two items at a time, and a free-scrolling flick that coasts.
    var groupStrip = Configuration.strip
    groupStrip.itemLength = 160
    groupStrip.itemsPerPage = 2
    // Pages of three in a loop of a count three does not divide (1,000 and 1,000,000): the snap
    // points come from the absolute item index, laps and remainders, still O(1).
    var groupLoop = groupStrip
    groupLoop.isLooping = true
    groupLoop.itemLength = 100
    groupLoop.itemsPerPage = 3
    var freeStrip = Configuration.strip
    freeStrip.snapping = .free
    var rightToLeft = Configuration.banner
    rightToLeft.layoutDirection = .rtl
    let modes: [(name: String, configuration: Configuration, isWheel: Bool)] = [
        ("wheel", .banner, true), ("rtl", rightToLeft, false), ("group", groupStrip, false),
        ("grouploop", groupLoop, false),
        ("free", freeStrip, false),
    ]
    var swipe: [Double] = (1...15).map { 2 * Double($0) }
    while swipe.count < 60 { swipe.append(swipe.count == 15 ? 30 * 0.92 : swipe[swipe.count - 1] * 0.92) }
    for mode in modes {
        for itemCount in [3, 1_000, 1_000_000] {
            var prepared = try! Carousel(
                configuration: mode.configuration,
                items: (0..<itemCount).map { CarouselItem(id: "item-\($0)") }
            )
            try! prepared.handle(.command(.go(to: itemCount / 2, animated: false)))
            let atRest = prepared
            Benchmark("\(mode.name) gesture step, \(itemCount) items") { benchmark in
                var carousel = atRest
                benchmark.startMeasurement()
                var steps = 0
                var time = 0.0
                for _ in benchmark.scaledIterations {
                    let phase = steps % 100
                    if mode.isWheel, phase < 60 {
                        try carousel.handle(.wheel(WheelEvent(deltaX: swipe[phase], deltaY: 0, timestamp: time)))
                    } else if !mode.isWheel, phase < 5 {
                        // Down, three moves of 30 pt, up: a flick toward the next items in reading order.
                        let x = 300 - 30 * Double(min(phase, 3)) * (mode.name == "rtl" ? -1 : 1)
                        let pointerPhase: PointerEvent.Kind = phase == 0 ? .down : phase == 4 ? .up : .move
                        try carousel.handle(.pointer(PointerEvent(pointerPhase, x: x, y: 90, timestamp: time)))
                    }
                    carousel.advance(by: .milliseconds(4))
                    time += 4
                    steps += 1
                }
                blackHole(carousel.currentIndex)
            }
        }
    }

    // Free scroll's coast: a flick every 200 steps (about 12,500 pt/s at 0.998, a coast of some 950
    // steps, so every step measured coasts); its cost, too, must not depend on the item count.
    for itemCount in [3, 1_000, 1_000_000] {
        let items = (0..<itemCount).map { CarouselItem(id: "item-\($0)") }
        var free = Configuration.banner
        free.snapping = .free
        free.decelerationRate = 0.998
        var prepared = try! Carousel(configuration: free, items: items)
        try! prepared.handle(.command(.go(to: itemCount / 2, animated: false)))
        let atRest = prepared
        Benchmark("free-scroll coast step, \(itemCount) items") { benchmark in
            var carousel = atRest
            var time = 0.0
            benchmark.startMeasurement()
            var steps = 0
            for _ in benchmark.scaledIterations {
                if steps % 200 == 0 {
                    try carousel.handle(.pointer(PointerEvent(.down, x: 300, timestamp: time)))
                    try carousel.handle(.pointer(PointerEvent(.move, x: 200, timestamp: time + 8)))
                    try carousel.handle(.pointer(PointerEvent(.move, x: 100, timestamp: time + 16)))
                    try carousel.handle(.pointer(PointerEvent(.up, x: 100, timestamp: time + 16)))
                }
                carousel.advance(by: .milliseconds(4))
                time += 4
                steps += 1
            }
            blackHole(carousel.currentIndex)
        }
    }

    // Frame encoding: one JSON text per step, shared by every viewer.
    for preset in ["banner", "strip", "cards"] {
        var engine = try! makePagingEngine(
            configuration: Configuration.preset(named: preset)!,
            items: (0..<20).map {
                CarouselItem(id: "item-\($0)", length: 900, kind: $0 % 2 == 0 ? "photo" : "text")
            }
        )
        try! engine.handle(.command(.next))
        engine.advance(by: .milliseconds(60))
        let frame = engine.takeFrame()
        let message = ServerMessage.frame(
            FrameMessage(seq: 1234, time: 5678.5, frame: frame, input: AppliedInput(client: 2, seq: 99))
        )
        print("frame bytes (\(preset)): \(message.encoded.utf8.count)")
        Benchmark("encode a frame (\(preset))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(message.encoded)
            }
        }
    }

    // An `export` answer (a session takes 20 a second): the settings file, this engine's Swift and
    // every framework's file, written and encoded; its bytes are what the asker's queue holds.
    for preset in ["banner", "strip"] {
        var config = SessionConfiguration(preset: preset)!
        config.configuration.spacing = 12
        let export = ServerMessage.export(ConfigurationExport(config, itemCount: 12))
        print("export bytes (\(preset)): \(export.encoded.utf8.count)")
        Benchmark("answer an export (\(preset))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ServerMessage.export(ConfigurationExport(config, itemCount: 12)).encoded)
            }
        }
    }

    for cardCount in [10, 1_000, 100_000] {
        let items = (0..<cardCount).map {
            CarouselItem(
                id: "card-\($0)",
                length: [nil, 300, 900, 1500, 2200][$0 % 5],
                kind: $0 % 2 == 0 ? "photo" : "text"
            )
        }
        // Built once, outside the measured closures: each run starts from a copy.
        var prepared = try! CardFeed(configuration: .cards, items: items)
        try! prepared.handle(.command(.go(to: cardCount / 2, animated: false)))
        _ = prepared.takeFrame()
        let atRest = prepared
        try! prepared.handle(.command(.next))
        prepared.advance(by: .milliseconds(40))
        let moving = prepared

        Benchmark("card feed frame, \(cardCount) cards") { benchmark in
            var feed = moving
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(feed.takeFrame())
            }
        }
        Benchmark("card feed animation step, \(cardCount) cards") { benchmark in
            var feed = atRest
            benchmark.startMeasurement()
            var steps = 0
            for _ in benchmark.scaledIterations {
                if steps % 100 == 0 { try feed.handle(.command(.next)) }
                feed.advance(by: .milliseconds(4))
                steps += 1
            }
            blackHole(feed.currentIndex)
        }
    }
}
