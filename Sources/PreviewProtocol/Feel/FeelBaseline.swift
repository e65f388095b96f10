import PreviewRecording
import PreviewWire

/// A CI gate over feel: a report saved as JSON (what `carousel-preview feel --json` writes), with
/// optional `"tolerances"` by measure. A run drifts when a gesture's measure moved by more than its
/// tolerance, a measure appeared or vanished, or a gesture is missing; each drift names the settings,
/// the gesture and the measure.
public struct FeelBaseline: Sendable {
    /// How far each measure may move before it counts as drift; a measure not listed is not gated.
    /// The engine is deterministic, so a measure moves only when the carousel changed: release-to-
    /// rest, measured on 60 Hz frames, may not move by a frame (16.7 ms); the rest a little.
    public static let defaultTolerances: [String: Double] = [
        "movedItems": 0, "itemsOff": 0, "settleMs": 10, "overshoot": 2, "peakSpeedRatio": 0.05,
        "jerk": 0.5, "jankyFrames": 2, "largestJump": 5, "restOffGrid": 0.5,
    ]

    /// Each settings' label and its gestures' measures.
    let reports: [(label: String, gestures: [String: JSONValue])]
    public let tolerances: [String: Double]

    /// Reads a baseline: `{"reports": [REPORT...], "tolerances": {...}}` or one report alone.
    public init(text: String) throws(RecordingError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw RecordingError("the baseline is not JSON: \(error.message)")
        }
        let reports: [JSONValue]
        if case .array(let list)? = document["reports"] {
            reports = list
        } else {
            reports = [document]
        }
        var read: [(String, [String: JSONValue])] = []
        for report in reports {
            guard case .string(let label)? = report["settings"], case .array(let gestures)? = report["gestures"] else {
                throw RecordingError("a baseline report needs \"settings\" and \"gestures\"")
            }
            var byName: [String: JSONValue] = [:]
            for gesture in gestures {
                guard case .string(let name)? = gesture["gesture"] else {
                    throw RecordingError("each gesture of a baseline needs its \"gesture\" name")
                }
                byName[name] = gesture
            }
            read.append((label, byName))
        }
        self.reports = read
        var tolerances = Self.defaultTolerances
        if case .object(let members)? = document["tolerances"] {
            for (name, value) in members {
                guard case .number(let tolerance) = value, tolerance >= 0 else {
                    throw RecordingError("tolerance \"\(name)\" must be a number of 0 or more")
                }
                guard FeelReport.measures.contains(where: { $0.name == name }) else {
                    throw RecordingError("tolerance \"\(name)\" names no measure")
                }
                tolerances[name] = tolerance
            }
        }
        self.tolerances = tolerances
    }

    /// `reports` saved as a baseline, with the default tolerances written out to edit.
    public static func json(of reports: [FeelReport]) -> JSONValue {
        let names = FeelReport.measures.map(\.name).filter { defaultTolerances[$0] != nil }
        return .object([
            ("tolerances", .object(names.map { ($0, .number(defaultTolerances[$0]!)) })),
            ("reports", .array(reports.map(\.json))),
        ])
    }

    /// `json(of:)` as text with a line per gesture, so a baseline's diff in review shows which
    /// gestures moved.
    public static func text(of reports: [FeelReport]) -> String {
        guard case .object(let members) = json(of: reports) else { return "" }
        let tolerances = members[0].value.encoded
        let blocks = reports.map { report in
            let gestures =
                report.json["gestures"].flatMap { value -> [JSONValue]? in
                    if case .array(let list) = value { return list }
                    return nil
                } ?? []
            let lines = gestures.map { "    \($0.encoded)" }.joined(separator: ",\n")
            return "  {\"settings\": \(JSONValue.string(report.label).encoded), \"gestures\": [\n\(lines)\n  ]}"
        }
        return "{\"tolerances\": \(tolerances),\n\"reports\": [\n\(blocks.joined(separator: ",\n"))\n]}\n"
    }

    /// What drifted in `reports` against this baseline: "SETTINGS · GESTURE: MEASURE 401 → 650
    /// (tolerance 25)"; empty when nothing did.
    public func drifts(in reports: [FeelReport]) -> [String] {
        var found: [String] = []
        for (label, gestures) in self.reports {
            guard let report = reports.first(where: { $0.label == label }) else {
                found.append("\(label): not run (the baseline has it)")
                continue
            }
            for (name, saved) in gestures.sorted(by: { $0.key < $1.key }) {
                guard let score = report.scores.first(where: { $0.gesture == name }) else {
                    found.append("\(label) · \(name): not in the corpus (the baseline has it)")
                    continue
                }
                for measure in FeelReport.measures {
                    guard let tolerance = tolerances[measure.name] else { continue }
                    let now = measure.value(score)
                    let before: Double? = if case .number(let value)? = saved[measure.name] { value } else { nil }
                    let drifted =
                        switch (before, now) {
                        case (let before?, let now?): abs(now - before) > tolerance + 1e-9
                        case (nil, nil): false
                        default: true
                        }
                    if drifted {
                        let was = before.map { FeelReport.cell($0, measure.name) } ?? "none"
                        let is_ = now.map { FeelReport.cell($0, measure.name) } ?? "none"
                        found.append(
                            "\(label) · \(name): \(measure.name) \(was) → \(is_) (tolerance \(tolerance == tolerance.rounded() ? String(Int(tolerance)) : FeelReport.fixed(tolerance, places: 2)))"
                        )
                    }
                }
            }
        }
        return found
    }
}
