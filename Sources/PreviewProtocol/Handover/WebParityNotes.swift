/// What the parity run measured for each web library (`make handover-parity`, Tests/Handover/parity,
/// docs/reference/frameworks-parity.md): every corpus take on banner, paged, strip and issue 50's
/// tuned strip, the file against the real library in Chromium beside the preview. Each file carries
/// its library's lines, so a team reads where it still differs (the rest time above all) in the file.
enum WebParityNotes {
    static func lines(for target: ExportTarget) -> [String] {
        let measured: [String] =
            switch target {
            case .swiper:
                [
                    "Swiper 12.2.0: rests on the preview's item at its offset on every take of banner and paged;",
                    "the strip's flicks of 3,000 and 8,000 px/s move 1 and 2 items where the preview moves 2 and 4;",
                    "free scroll ends up to one item and 27 px off. Rest time: `speed`, 333-350 ms after every",
                    "release, where the preview's spring takes 0-370 ms (the sooner the faster the release).",
                ]
            case .embla:
                [
                    "Embla 8.6.0: a release after a drag runs at Embla's own speed, 770-1,570 ms to rest where the",
                    "preview takes 0-370 ms (`duration` sets only scrollTo's); an edge pull on a loop moves one item",
                    "back where the preview springs back; flicks of 8,000 px/s reach one item short; in free scroll",
                    "flicks back coast two items further, to the end.",
                ]
            case .splide:
                [
                    "Splide 4.1.4: no velocity threshold, so flicks of 300 px/s (1,000 px/s on a full-width page)",
                    "stay where the preview moves on, and hard flicks go one item further; free scroll rests within",
                    "1.5 px but for an edge pull (6 px) and a flick of 8,000 px/s (108 px further). Rest time: `speed`,",
                    "317-350 ms (530-750 ms in free scroll), where the preview's spring takes 0-370 ms.",
                ]
            default:
                []
            }
        guard !measured.isEmpty else { return [] }
        return ["// Measured against the real library (docs/reference/frameworks-parity.md, 2026-11-28):"]
            + measured.map { "//   " + $0 }
    }
}
