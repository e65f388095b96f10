import CBenchSupport
import CarouselCore

/// What one session's engine keeps on the heap beyond the item list it was given: heap in use after
/// building the engine, dragging it and running it for 400 steps with a page change every 100,
/// minus the heap in use before. Prints "engine memory (LAYOUT, N items): B bytes" lines.
///
/// Run with `GLIBC_TUNABLES=glibc.malloc.tcache_count=0`: glibc counts chunks parked in its
/// per-thread cache as in use, which would hide small allocations and frees from the measurement.
@main
enum EngineMemory {
    static func main() {
        // One-time costs (static tables, the runtime's caches) are paid before anything is measured.
        _ = kept(items: [CarouselItem(id: "a")], configuration: .banner)
        _ = kept(items: [CarouselItem(id: "a", length: 900)], configuration: .cards)
        for count in [3, 1_000, 1_000_000] {
            let items = (0..<count).map { CarouselItem(id: "item-\($0)") }
            print("engine memory (banner, \(count) items): \(kept(items: items, configuration: .banner)) bytes")
        }
        for count in [10, 1_000, 100_000] {
            let items = (0..<count).map { CarouselItem(id: "card-\($0)", length: [nil, 300, 900, 1500, 2200][$0 % 5]) }
            print("engine memory (cards, \(count) items): \(kept(items: items, configuration: .cards)) bytes")
        }
    }
}

func kept(items: [CarouselItem], configuration: Configuration) -> Int {
    let before = bench_heap_in_use()
    var engine = try! makePagingEngine(configuration: configuration, items: items)
    try! engine.handle(.pointer(PointerEvent(.down, x: 200, y: 300, timestamp: 0)))
    for move in 1...30 {
        try! engine.handle(
            .pointer(
                PointerEvent(.move, x: 200 - Double(move * 5), y: 300 - Double(move * 5), timestamp: Double(move * 8))
            )
        )
        engine.advance(by: .milliseconds(8))
    }
    try! engine.handle(.pointer(PointerEvent(.up, x: 50, y: 150, timestamp: 248)))
    for step in 0..<400 {
        if step % 100 == 0 { try! engine.handle(.command(.next)) }
        engine.advance(by: .milliseconds(4))
    }
    _ = engine.takeFrame()
    let kept = Int(bench_heap_in_use()) - Int(before)
    withExtendedLifetime(engine) {}
    return kept
}
