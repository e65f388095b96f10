import CarouselCore

/// The calls that take a page's engine through what a native engine went through: its inputs, its
/// time, and a new engine where a session made one.
extension EngineCall {
    /// The calls that make an engine exactly like `engine`, dropping any before: its configuration
    /// and items, then its rest state, or a fresh start when it has none (a new engine whose first
    /// frame was not taken yet, which is what `start` makes).
    public static func making(_ engine: Engine) -> [EngineCall] {
        let beginning: [EngineCall] = [
            .reset, .configuration(ConfigurationRecord.encode(engine.configuration)),
            .items(ItemsRecord.encode(engine.items)),
        ]
        return beginning + [engine.restState.map { .restore(RestStateRecord.encode($0)) } ?? .start]
    }

    /// The call that gives the engine `input`.
    public static func applying(_ input: Input) -> EngineCall {
        switch input {
        case .pointer(let event):
            let kind = Int32(PointerEvent.Kind.allCases.firstIndex(of: event.kind)!)
            return .pointer(
                kind: kind,
                id: Int32(clamping: event.pointerID),
                x: event.x,
                y: event.y,
                t: event.timestamp
            )
        case .wheel(let event): return .wheel(dx: event.deltaX, dy: event.deltaY, t: event.timestamp)
        case .command(.next): return .command(kind: 0, index: 0, animated: 0)
        case .command(.previous): return .command(kind: 1, index: 0, animated: 0)
        case .command(.go(let index, let animated)):
            return .command(kind: 2, index: Int32(clamping: index), animated: animated ? 1 : 0)
        case .command(.setAutoScroll(let enabled)): return .command(kind: 3, index: enabled ? 1 : 0, animated: 0)
        case .visibility(let isHidden): return .visibility(isHidden ? 1 : 0)
        case .configure(let configuration): return .configuration(ConfigurationRecord.encode(configuration))
        case .replaceItems(let items): return .items(ItemsRecord.encode(items))
        }
    }

    /// The calls that let `duration` pass, in whole nanoseconds of at most the `advance` bound each
    /// (the engine steps the same in one piece or several); `nil` when it is not whole nanoseconds,
    /// which a live clock's steps always are.
    public static func advancing(by duration: Duration) -> [EngineCall]? {
        let (seconds, attoseconds) = duration.components
        guard duration >= .zero, attoseconds % 1_000_000_000 == 0 else { return nil }
        let limit = Int64(Duration.maximumAdvanceMilliseconds * 1e6)
        var remaining = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !remaining.overflow else { return nil }
        remaining.partialValue += attoseconds / 1_000_000_000
        var calls: [EngineCall] = []
        var nanoseconds = remaining.partialValue
        repeat {
            let piece = min(nanoseconds, limit)
            calls.append(.advanceNanoseconds(Double(piece)))
            nanoseconds -= piece
        } while nanoseconds > 0
        return calls
    }
}
