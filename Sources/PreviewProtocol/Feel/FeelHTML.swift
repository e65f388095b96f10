/// The feel report as one self-contained HTML page (no script, no outside file): per gesture, its
/// row of measures under each carousel and a small plot of the content's position against time,
/// the carousels overlaid in their colours (A blue, B orange, then more), so a change of feel is
/// seen as well as read.
public enum FeelHTML {
    static let colours = ["#3b5bdb", "#d9480f", "#2b8a3e", "#862e9c", "#e67700"]
    static let plotWidth = 360.0
    static let plotHeight = 120.0

    /// The page for `reports` (the same corpus under each carousel).
    public static func page(_ reports: [FeelReport]) -> String {
        let legend = reports.enumerated().map { index, report in
            "<li><span class=\"swatch\" style=\"background:\(colour(index))\"></span>\(escaped(report.label))</li>"
        }.joined()
        let names = reports.first?.scores.map(\.gesture) ?? []
        let summaries = reports.map { "<p>\(escaped($0.label)): \(escaped($0.summary))</p>" }.joined()
        let sections = names.enumerated().map { row, name in section(name, row: row, reports) }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Feel report</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2433; }
            table { border-collapse: collapse; margin: 6px 0 12px; font-variant-numeric: tabular-nums; }
            th, td { padding: 2px 8px; text-align: right; border-bottom: 1px solid #e3e7ef; }
            th:first-child, td:first-child, td.verdict { text-align: left; }
            .swatch { display: inline-block; width: 14px; height: 4px; margin-right: 6px; vertical-align: middle; }
            ul.legend { list-style: none; padding: 0; display: flex; gap: 16px; }
            section { margin-bottom: 28px; }
            svg { background: #fbfcfe; border: 1px solid #e3e7ef; border-radius: 6px; }
            </style></head><body>
            <h1>Feel report</h1>
            <p>Each gesture of the corpus driven through the engine under each carousel (measures and verdicts: docs/guide/feel.md).</p>
            <ul class="legend">\(legend)</ul>
            \(summaries)
            \(sections)
            </body></html>

            """
    }

    /// One gesture: its measures under each carousel, then the plot.
    static func section(_ name: String, row: Int, _ reports: [FeelReport]) -> String {
        let headings = FeelReport.measures.map { "<th>\(escaped($0.heading))</th>" }.joined() + "<th>verdict</th>"
        let rows = reports.enumerated().compactMap { index, report -> String? in
            guard report.scores.indices.contains(row) else { return nil }
            let score = report.scores[row]
            let cells =
                FeelReport.measures.map { "<td>\(FeelReport.cell($0.value(score), $0.name))</td>" }.joined()
                + "<td class=\"verdict\">\(escaped(FeelVerdict(score).text))</td>"
            return
                "<tr><td><span class=\"swatch\" style=\"background:\(colour(index))\"></span>\(escaped(report.label))</td>\(cells)</tr>"
        }.joined()
        return """
            <section><h2>\(escaped(name))</h2>
            <table><tr><th>carousel</th>\(headings)</tr>\(rows)</table>
            \(plot(row: row, reports))
            </section>
            """
    }

    /// The position against time of gesture `row` under each carousel, on shared scales.
    static func plot(row: Int, _ reports: [FeelReport]) -> String {
        let traces = reports.map { $0.traces.indices.contains(row) ? $0.traces[row] : [] }
        let points = traces.flatMap { $0 }
        guard let last = points.map(\.time).max(), last > 0,
            let low = points.map(\.offset).min(), let high = points.map(\.offset).max()
        else { return "" }
        let span = max(high - low, 1)
        let lines = traces.enumerated().map { index, trace in
            let coordinates = trace.map { point in
                let x = point.time / last * (plotWidth - 8) + 4
                let y = plotHeight - 4 - (point.offset - low) / span * (plotHeight - 8)
                return "\(FeelReport.fixed(x, places: 1)),\(FeelReport.fixed(y, places: 1))"
            }.joined(separator: " ")
            return
                "<polyline fill=\"none\" stroke=\"\(colour(index))\" stroke-width=\"1.5\" points=\"\(coordinates)\"/>"
        }.joined()
        let label =
            "Position against time over \(Int(last.rounded())) ms, from \(Int(low.rounded())) to \(Int(high.rounded())) pt"
        return
            "<svg role=\"img\" aria-label=\"\(escaped(label))\" width=\"\(Int(plotWidth))\" height=\"\(Int(plotHeight))\" viewBox=\"0 0 \(Int(plotWidth)) \(Int(plotHeight))\">\(lines)</svg>"
    }

    static func colour(_ index: Int) -> String { colours[index % colours.count] }

    /// `text` safe inside an element or a quoted attribute (`String.xmlEscaped`).
    static func escaped(_ text: String) -> String { text.xmlEscaped }
}
