/// What the parity run measured for each web library (`make handover-parity`, Tests/Handover/parity,
/// docs/reference/frameworks-parity.md): every corpus take (pointer, wheel and trackpad) on banner,
/// paged, strip and issue 50's tuned strip, the file against the real library in Chromium beside the
/// preview. Each file carries its library's lines, so a team reads where it still differs (the rest
/// time above all) in the file.
enum WebParityNotes {
    static func lines(for target: ExportTarget) -> [String] {
        let measured: [String] =
            switch target {
            case .swiper:
                [
                    "Swiper 12.2.0 with the release and wheel rules below: rests on the preview's item at its offset",
                    "on every take (pointer, wheel and trackpad) of banner, paged, strip and the tuned free-scroll",
                    "strip. Rest time: `speed`, 333-350 ms after a snapping release (83 ms for a caught move), where",
                    "the preview's spring takes 0-370 ms (the sooner the faster the release), and 333-350 ms after a",
                    "wheel gesture's end where the preview takes 150-284 ms; in free scroll the coast's own length,",
                    "but 117 ms where a wheel's coast runs into the end and the preview bounces there in 300 ms, and",
                    "0 ms where the preview takes a frame (17 ms) after a trackpad's swipe.",
                ]
            case .embla:
                [
                    "Embla 8.6.0 with the release and wheel rules below: rests on the preview's item at its offset on",
                    "every take (pointer, wheel and trackpad) of banner, paged, strip and the tuned free-scroll strip.",
                    "Rest time: 1,250-1,633 ms at `duration` (700-3,017 ms in free scroll) where the preview takes",
                    "0-370 ms, and 1,300-1,500 ms after a wheel gesture's end (1,133-1,200 ms in free scroll) where",
                    "the preview takes 0-300 ms: `duration` is not a time.",
                ]
            case .splide:
                [
                    "Splide 4.1.4 with the release and wheel rules below: rests on the preview's item at its offset",
                    "on every take (pointer, wheel and trackpad) of banner, paged, strip and the tuned free-scroll",
                    "strip. Rest time: `speed`, 317-350 ms after a snapping release, where the preview's spring takes",
                    "0-370 ms, and 317-350 ms after a wheel gesture's end where the preview takes 150-284 ms; in free",
                    "scroll the coast's own length, but 117 ms where a wheel's coast runs into the end and the",
                    "preview bounces there in 300 ms, and 0 ms where the preview takes a frame (17 ms) after a",
                    "trackpad's swipe.",
                ]
            default:
                []
            }
        guard !measured.isEmpty else { return [] }
        return ["// Measured against the real library (docs/reference/frameworks-parity.md, 2026-12-01):"]
            + measured.map { "//   " + $0 }
    }
}
