import PreviewWire

/// How one gesture felt, in a plain word and the number that decided it ("slow to settle: 640 ms"),
/// for the page's Feel table and the CLI's, beside the measures. Each limit is where the carousel
/// does what the engine never does by itself, widened by the drift `FeelBaseline` already lets pass
/// (its default tolerance for that measure), so a gesture is judged off only where a baseline would
/// see more than noise:
/// - **jumps**: the largest move from one frame to the next (`largestJump`) is over twice what the
///   gesture's fastest speed (`fastestSpeed`) covers in a 60 Hz frame, plus `largestJump`'s
///   tolerance (5 pt): a move no motion of the content explains, such as a wheel's notch drawn at once.
/// - **overshoots**: it went past where it came to rest (`overshoot`) by more than `overshoot`'s
///   tolerance (2 pt): the engine's settling spring is critically damped and never passes its target.
/// - **slow to settle**: release to rest (`settleMs`) took longer than the engine's settle budget,
///   400 ms (docs/engine.md, *Settle*: every preset's worst release rests within it), plus
///   `settleMs`'s tolerance (10 ms). A gesture caught by the next one has no rest of its own and is
///   not judged on it; a free-scrolling carousel's coast is judged by the same clock.
/// Otherwise it is **fine**. docs/guide/feel.md says the same for readers.
public struct FeelVerdict: Equatable, Sendable {
    /// One limit a gesture passed: which, the measure's value, and the limit.
    public struct Finding: Equatable, Sendable {
        /// Worst first: a jump is seen at once, an overshoot in the settle, a slow settle over its length.
        public enum Kind: String, CaseIterable, Sendable {
            case jumps
            case overshoots
            case slowToSettle = "slow to settle"
        }

        public var kind: Kind
        public var value: Double
        public var limit: Double

        /// The measure (`FeelReport.measures`' name) that decided it.
        public var measure: String {
            switch kind {
            case .jumps: "largestJump"
            case .overshoots: "overshoot"
            case .slowToSettle: "settleMs"
            }
        }

        /// The value in the words and unit a person reads it in.
        public var amount: String {
            switch kind {
            case .jumps: "\(Int(value.rounded())) pt in one frame"
            case .overshoots: "\(FeelReport.fixed(value, places: 1)) pt past its rest"
            case .slowToSettle: "\(Int(value.rounded())) ms"
            }
        }

        /// "slow to settle: 640 ms".
        public var text: String { "\(kind.rawValue): \(amount)" }
    }

    /// The engine's own budget for release to rest, ms (docs/engine.md, *Settle*).
    public static let settleBudgetMilliseconds = 400.0
    /// A frame's move may be this many times what the gesture's fastest speed covers in a frame.
    public static let jumpFactor = 2.0

    /// The limits the gesture passed, worst first; empty when it felt fine.
    public let findings: [Finding]

    public init(_ score: FeelScore) {
        let tolerance = { (measure: String) in FeelBaseline.defaultTolerances[measure] ?? 0 }
        var found: [Finding] = []
        let jumpLimit =
            Self.jumpFactor * score.fastestSpeed * FeelRun.frameMilliseconds / 1000 + tolerance("largestJump")
        if score.largestJump > jumpLimit {
            found.append(Finding(kind: .jumps, value: score.largestJump, limit: jumpLimit))
        }
        if score.overshoot > tolerance("overshoot") {
            found.append(Finding(kind: .overshoots, value: score.overshoot, limit: tolerance("overshoot")))
        }
        let settleLimit = Self.settleBudgetMilliseconds + tolerance("settleMs")
        if let settle = score.settleMilliseconds, settle > settleLimit {
            found.append(Finding(kind: .slowToSettle, value: settle, limit: settleLimit))
        }
        findings = found
    }

    /// The worst finding's word, or "fine".
    public var says: String { findings.first?.kind.rawValue ?? "fine" }

    /// Every finding, worst first ("jumps: 200 pt in one frame; slow to settle: 640 ms"), or "fine".
    public var text: String { findings.isEmpty ? "fine" : findings.map(\.text).joined(separator: "; ") }

    /// How bad, for ordering: 0 fine, then higher for a worse worst finding.
    public var rank: Int {
        guard let worst = findings.first?.kind else { return 0 }
        return Finding.Kind.allCases.count - Finding.Kind.allCases.firstIndex(of: worst)!
    }

    /// `{"says": WORD, "text": TEXT, "rank": N}`, with the worst finding's `measure`, `value` and
    /// `limit` when there is one (so a reader orders by how far past its limit each gesture went).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("says", .string(says)), ("text", .string(text)), ("rank", .number(Double(rank))),
        ]
        if let worst = findings.first {
            members += [
                ("measure", .string(worst.measure)), ("value", .number(worst.value)), ("limit", .number(worst.limit)),
            ]
        }
        return .object(members)
    }

    /// The line that sums `scores` up, worst first: "23 recorded gestures: 1 with a jump (up to 200 pt
    /// in one frame), 2 slow to settle (up to 640 ms), 20 fine". Each gesture counts under its worst.
    public static func summary(of scores: [FeelScore]) -> String {
        let verdicts = scores.map(FeelVerdict.init)
        var parts: [String] = []
        for kind in Finding.Kind.allCases {
            let worst = verdicts.compactMap { $0.findings.first }.filter { $0.kind == kind }
            guard let largest = worst.max(by: { $0.value < $1.value }) else { continue }
            let what =
                switch kind {
                case .jumps: "with a jump"
                case .overshoots: "overshooting"
                case .slowToSettle: "slow to settle"
                }
            parts.append("\(worst.count) \(what) (\(worst.count == 1 ? "" : "up to ")\(largest.amount))")
        }
        let fine = verdicts.filter(\.findings.isEmpty).count
        let gestures = "\(scores.count) recorded gesture\(scores.count == 1 ? "" : "s")"
        if parts.isEmpty {
            return scores.isEmpty ? "no recorded gestures" : "\(gestures): \(fine == 1 ? "" : "all ")fine"
        }
        if fine > 0 { parts.append("\(fine) fine") }
        return "\(gestures): \(parts.joined(separator: ", "))"
    }
}
