/// Whether every watcher received every batch of the engine stream. Each viewer's batches arrive in
/// order and their session times never go back, so within the span every viewer was there for (from
/// the latest first batch to the earliest last one) each viewer must hold every time any viewer
/// holds, as often. The span's ends are left out: a viewer may have caught only the second of two
/// batches at the same time as the window opened.
struct BatchDelivery {
    /// Batches in the span (with their repeats), each of which every viewer should have.
    let batchesInSpan: Int
    /// Batches in the span that some viewer lacks, summed over viewers.
    let batchesMissed: Int
    /// Viewers that lack at least one, or received none.
    let viewersMissingBatches: Int
    /// How far (session ms) the slowest viewer's last batch stands behind the latest any viewer got.
    let slowestBehindMs: Double

    init(times: [[Double]]) {
        let received = times.filter { !$0.isEmpty }
        guard let spanStart = received.compactMap(\.first).max(), let spanEnd = received.compactMap(\.last).min(),
            let latest = received.compactMap(\.last).max()
        else {
            (batchesInSpan, batchesMissed, viewersMissingBatches, slowestBehindMs) = (0, 0, times.count, 0)
            return
        }
        func counts(_ list: [Double]) -> [Double: Int] {
            list.reduce(into: [:]) { counts, time in
                if time > spanStart && time < spanEnd { counts[time, default: 0] += 1 }
            }
        }
        let perViewer = received.map(counts)
        let expected = perViewer.reduce(into: [Double: Int]()) { all, own in
            all.merge(own) { max($0, $1) }
        }
        let shortfalls = perViewer.map { own in expected.reduce(0) { $0 + $1.value - (own[$1.key] ?? 0) } }
        batchesInSpan = expected.values.reduce(0, +)
        batchesMissed = shortfalls.reduce(0, +)
        viewersMissingBatches = shortfalls.filter { $0 > 0 }.count + (times.count - received.count)
        slowestBehindMs = latest - spanEnd
    }

    /// The figures, as JSON members.
    var figures: [String: Any] {
        [
            "batches_in_span": batchesInSpan, "batches_missed": batchesMissed,
            "viewers_missing_batches": viewersMissingBatches, "slowest_viewer_behind_ms": slowestBehindMs,
        ]
    }
}
