import CarouselABI
import CarouselCore

/// What a session's engine went through, told as the calls a page's engine module would take to go
/// through the same, with the frame record the session's engine gave at each `frame`: how a test
/// proves that a page running the module draws a session's frames to the bit.
public struct EngineTrace: Sendable {
    public private(set) var calls: [EngineCall] = []
    /// The session engine's frame record at each `frame` call, in order.
    public private(set) var frames: [[UInt8]] = []
    /// Why the calls stopped telling the whole story (a time no call can say exactly), if they did.
    public private(set) var gap: String?

    /// Starts with the calls that make `engine`, which is new or at rest.
    init(startingFrom engine: Engine) {
        calls = EngineCall.making(engine)
    }

    /// The engine went through `more`.
    mutating func note(_ more: [EngineCall]) {
        calls += more
    }

    /// The engine gave `frame`.
    mutating func noteFrame(_ frame: Frame, of engine: Engine) {
        calls.append(.frame)
        frames.append(FrameRecord.encode(frame, kinds: EngineHost.kinds(of: engine.items)))
    }

    /// An input went back to the time a page gave it at: calls in one line cannot say that.
    mutating func noteRewind() {
        if gap == nil { gap = "an input went back to the time a page gave it at" }
    }

    /// The engine let `duration` pass: said in `milliseconds` when that is how it was asked for
    /// (a manual clock's `advance`, which the module turns into the same duration), otherwise in
    /// whole nanoseconds.
    mutating func noteAdvance(by duration: Duration, milliseconds: Double?) {
        if let milliseconds {
            calls.append(.advance(milliseconds: milliseconds))
        } else if let advances = EngineCall.advancing(by: duration) {
            calls += advances
        } else if gap == nil {
            gap = "the session let \(duration) pass, which is not whole nanoseconds"
        }
    }
}

extension EngineTrace {
    /// Runs the calls on a native `EngineHost`, as a page runs them on the module: where the host's
    /// frames first differ from the session's, or `nil` when every one is the same bytes.
    public func firstDifferenceOnHost() -> String? {
        if let gap { return gap }
        var host = EngineHost()
        var frameIndex = 0
        for (index, call) in calls.enumerated() {
            let (status, bytes) = call.run(on: &host)
            guard case .frame = call else { continue }
            guard status > 0, bytes == frames[frameIndex] else {
                return
                    "call \(index) (frame \(frameIndex)): \(status < 0 ? "refused: \(host.lastError!.message)" : "other bytes")"
            }
            frameIndex += 1
        }
        return nil
    }
}
