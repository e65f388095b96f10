import PreviewRecording
import PreviewWire

/// `{"type":"feel"}`: a session's carousel scored over the server's gesture corpus (the page's
/// `corpus/` folder), for the page to show beside the timeline. A scoring runs every gesture through
/// the engine, milliseconds of the server's one loop, so answers are kept by carousel (the same
/// carousel asked again costs nothing) and new scorings are limited across the server.
public struct FeelService: Sendable {
    /// The corpus's takes, read when the server starts.
    public private(set) var gestures: [FeelGesture]
    /// New scorings a second across the server (a burst of as many): a few ms each.
    static let rate = 4.0
    /// Answers kept, the most recently asked last.
    static let kept = 32
    private var limiter: RateLimiter?
    /// Each kept answer's carousel: its configuration as text and its items (shared with the
    /// session's catalog, not copied), compared without encoding them, so a flood of asks costs
    /// little more than the comparisons.
    private var answers: [(config: String, items: [CatalogItem], report: FeelReport)] = []

    public init(gestures: [FeelGesture] = []) {
        self.gestures = gestures
    }

    /// The takes of every recording in `files` (name and text, in name order); a file that is no
    /// recording is refused naming it.
    public static func corpus(_ files: [(name: String, text: String)]) throws(RecordingError) -> [FeelGesture] {
        var gestures: [FeelGesture] = []
        for file in files {
            do {
                gestures += try FeelGesture.gestures(in: try Recording(text: file.text), file: file.name)
            } catch {
                throw RecordingError("\(file.name): \(error)")
            }
        }
        return gestures
    }

    /// The corpus scored under `config` showing `items`, at `now`: kept, or scored within the limit.
    mutating func score(
        _ config: SessionConfiguration,
        items: [CatalogItem],
        now: Duration
    ) -> Result<FeelReport, ProtocolError> {
        guard !gestures.isEmpty else {
            return .failure(
                ProtocolError(
                    .invalidValue,
                    "this server has no gesture corpus to score (its page's corpus/ folder)",
                    ref: "feel"
                )
            )
        }
        let key = config.json.encoded
        if let index = answers.firstIndex(where: {
            $0.config == key && $0.items.count == items.count && $0.items == items
        }) {
            let kept = answers.remove(at: index)
            answers.append(kept)
            return .success(kept.report)
        }
        var limiter = self.limiter ?? RateLimiter(rate: Self.rate, now: now)
        let decision = limiter.admit(at: now)
        self.limiter = limiter
        guard decision == .accept else {
            return .failure(
                ProtocolError(
                    .rateLimited,
                    "the server scores at most \(Int(Self.rate)) new carousels a second; ask again shortly",
                    ref: "feel"
                )
            )
        }
        let settings = PreviewSettings(config: config, itemCount: items.count, items: items)
        let report: FeelReport
        do {
            report = try FeelReport(label: "session", settings: settings, gestures: gestures)
        } catch {
            return .failure(ProtocolError(.invalidValue, "feel cannot score this carousel: \(error)", ref: "feel"))
        }
        answers.append((key, items, FeelReport(label: report.label, scores: report.scores)))
        if answers.count > Self.kept { answers.removeFirst() }
        return .success(report)
    }
}
