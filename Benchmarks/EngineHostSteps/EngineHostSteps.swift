import CarouselABI
import CarouselCore

/// The native side of `make bench-page`'s engine comparison: the program Benchmarks/page_engine.py
/// runs through the page's WebAssembly module, here through the same `EngineHost` natively. Prints
/// the median, over 15 runs, of nanoseconds per 4 ms step (an `advance` and the frame it makes).
@main
enum EngineHostSteps {
    static let cycles = 200
    static let stepsPerCycle = 250

    static func run() -> Double {
        var host = EngineHost()
        _ = host.setConfiguration(ConfigurationRecord.encode(.banner))
        _ = host.setItems(ItemsRecord.encode((1...5).map { CarouselItem(id: "banner-\($0)") }))
        _ = host.start()
        var time = 1000.0
        var frameBytes = 0
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<cycles {
            var x = 300.0
            _ = host.pointer(kind: 0, pointerID: 1, x: x, y: 90, timestamp: time)
            for _ in 0..<5 {
                time += 8
                x -= 28
                _ = host.advance(milliseconds: 8)
                _ = host.pointer(kind: 1, pointerID: 1, x: x, y: 90, timestamp: time)
            }
            _ = host.pointer(kind: 2, pointerID: 1, x: x, y: 90, timestamp: time)
            for _ in 0..<stepsPerCycle {
                time += 4
                _ = host.advance(milliseconds: 4)
                frameBytes += host.takeFrame()?.count ?? 0
            }
        }
        let elapsed = clock.now - start
        precondition(frameBytes > 0)
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return nanoseconds / Double(cycles * stepsPerCycle)
    }

    static func main() {
        _ = run()
        let runs = (0..<15).map { _ in run() }.sorted()
        print("native ns per step (advance + frame record): \(runs[runs.count / 2])")
    }
}
