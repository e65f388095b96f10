import CarouselCore
import PreviewRecording
import PreviewWire

/// Every gesture of a corpus scored under one carousel (a settings file or a preset): the rows
/// `carousel-preview feel` prints, and its JSON, which a baseline is (see `FeelBaseline`).
public struct FeelReport: Equatable, Sendable {
    /// The settings' name as given (a file's path, or "preset banner").
    public let label: String
    public let scores: [FeelScore]
    /// Each gesture's motion for the HTML report's plots: (ms from its down, content offset) per
    /// frame, in `scores`' order (empty when made from scores alone).
    public let traces: [[(time: Double, offset: Double)]]

    public init(label: String, scores: [FeelScore], traces: [[(time: Double, offset: Double)]] = []) {
        self.label = label
        self.scores = scores
        self.traces = traces
    }

    public static func == (lhs: FeelReport, rhs: FeelReport) -> Bool {
        lhs.label == rhs.label && lhs.scores == rhs.scores
    }

    /// Runs each of `gestures` on `settings`.
    public init(label: String, settings: PreviewSettings, gestures: [FeelGesture]) throws(RecordingError) {
        var scores: [FeelScore] = []
        var traces: [[(time: Double, offset: Double)]] = []
        for gesture in gestures {
            let run = try FeelRun(gesture, on: settings)
            scores += run.scores
            for span in run.gestureFrames {
                let start = run.frames[span.lowerBound].time
                traces.append(run.frames[span].map { ($0.time - start, $0.frame.contentOffset) })
            }
        }
        self.init(label: label, scores: scores, traces: traces)
    }

    /// The measures by their JSON names, in the table's order: what a baseline compares.
    public static let measures: [(name: String, heading: String, value: @Sendable (FeelScore) -> Double?)] = [
        ("releaseVelocity", "release pt/s", { $0.releaseVelocity }),
        ("intendedItems", "meant", { $0.intendedItems.map(Double.init) }),
        ("movedItems", "moved", { Double($0.movedItems) }),
        ("itemsOff", "off", { $0.itemsOff.map(Double.init) }),
        ("settleMs", "settle ms", { $0.settleMilliseconds }),
        ("overshoot", "overshoot pt", { $0.overshoot }),
        ("peakSpeedRatio", "peak/release", { $0.peakSpeedRatio }),
        ("jerk", "jerk pt", { $0.jerk }),
        ("jankyFrames", "janky", { Double($0.jankyFrames) }),
        ("largestJump", "jump pt", { $0.largestJump }),
        ("fastestSpeed", "top pt/s", { $0.fastestSpeed }),
        ("restOffGrid", "off grid pt", { $0.restOffGrid }),
        ("fittedRate", "fitted rate", { $0.fittedRate }),
    ]

    /// `{"settings": LABEL, "gestures": [{"gesture": NAME, MEASURE: VALUE or null, ..., "verdict":
    /// VERDICT}]}` (`FeelVerdict.json`; a baseline compares the measures alone).
    public var json: JSONValue {
        .object([
            ("settings", .string(label)),
            (
                "gestures",
                .array(
                    scores.map { score in
                        .object(
                            [("gesture", .string(score.gesture))]
                                + Self.measures.map { ($0.name, $0.value(score).map(JSONValue.number) ?? .null) }
                                + [("verdict", FeelVerdict(score).json)]
                        )
                    }
                )
            ),
        ])
    }

    /// The line that sums the gestures up in plain words (`FeelVerdict.summary`).
    public var summary: String { FeelVerdict.summary(of: scores) }

    /// A table for the terminal: a heading, then a row per gesture with its verdict last, a row of
    /// the means, and the summary.
    public var table: String {
        let headings = ["gesture"] + Self.measures.map(\.heading) + ["verdict"]
        var rows = scores.map { score in
            [score.gesture] + Self.measures.map { Self.cell($0.value(score), $0.name) } + [FeelVerdict(score).text]
        }
        let means = Self.measures.map { measure in
            let values = scores.compactMap { measure.value($0) }
            return Self.cell(values.isEmpty ? nil : values.reduce(0, +) / Double(values.count), measure.name)
        }
        rows.append(["mean"] + means)  // no verdict of the means
        let widths = headings.indices.map { column in
            ([headings] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Names and verdicts read from the left (the verdict, last, needs no padding), numbers
                // line up on the right.
                if column == headings.count - 1 { return cell }
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return ([label, line(headings)] + rows.map(line) + [summary]).joined(separator: "\n") + "\n"
    }

    /// A measure's value as the table writes it: whole numbers whole, rates to 4 places, the rest to 1.
    static func cell(_ value: Double?, _ name: String) -> String {
        guard let value else { return "-" }
        switch name {
        case "intendedItems", "movedItems", "itemsOff", "jankyFrames", "releaseVelocity", "fastestSpeed", "settleMs":
            return String(Int(value.rounded()))
        case "fittedRate", "peakSpeedRatio":
            return Self.fixed(value, places: name == "fittedRate" ? 4 : 2)
        default:
            return Self.fixed(value, places: 1)
        }
    }

    /// `value` with `places` decimals, without Foundation.
    static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled - Double(whole) * scale))
        while fraction.count < places { fraction = "0" + fraction }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return places == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
