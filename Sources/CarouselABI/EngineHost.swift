import CarouselCore

/// The engine behind the WebAssembly module's exports: each export is one call here, so the native
/// tests drive exactly what the page drives. Every call returns a status: 0 applied, 1 valid but
/// ignored (a pointer that is not the one down, a single item...), or an `ABIError`'s negative
/// code, with `lastError` saying why; a refused call changes nothing.
public struct EngineHost {
    public private(set) var configuration = Configuration()
    public private(set) var items: [CarouselItem] = []
    public private(set) var engine: Engine?
    public private(set) var lastError: ABIError?
    /// The items' kinds in order of first appearance: a frame's slot names its kind by position.
    public private(set) var kinds: [String] = []

    public init() {}

    /// Takes a configuration record: the next `start` uses it, and a running engine is reconfigured
    /// as a `configure` message would.
    public mutating func setConfiguration(_ record: [UInt8]) -> Int32 {
        run { (host: inout EngineHost) throws(ABIError) -> InputResult in
            let configuration = try ConfigurationRecord.decode(record)
            let result = host.engine == nil ? .applied : try host.apply(.configure(configuration))
            host.configuration = configuration
            return result
        }
    }

    /// Takes an items record: the next `start` uses it, and a running engine replaces its items,
    /// keeping the current one by identity.
    public mutating func setItems(_ record: [UInt8]) -> Int32 {
        run { (host: inout EngineHost) throws(ABIError) -> InputResult in
            let items = try ItemsRecord.decode(record)
            let result = host.engine == nil ? .applied : try host.apply(.replaceItems(items))
            host.items = items
            host.kinds = Self.kinds(of: items)
            return result
        }
    }

    /// A fresh engine at rest on the first item, from the configuration and items set last.
    public mutating func start() -> Int32 {
        run { (host: inout EngineHost) throws(ABIError) -> InputResult in
            do throws(CarouselError) {
                host.engine = try Engine(configuration: host.configuration, items: host.items)
            } catch {
                throw .refused(error)
            }
            return .applied
        }
    }

    /// An engine resting as a checkpoint says (a `RestStateRecord`), with the configuration and items
    /// set last: where a session's engine is, so the page can start from it.
    public mutating func restore(_ record: [UInt8]) -> Int32 {
        run { (host: inout EngineHost) throws(ABIError) -> InputResult in
            let state = try RestStateRecord.decode(record)
            do throws(CarouselError) {
                host.engine = try Engine(configuration: host.configuration, items: host.items, restingAt: state)
            } catch {
                throw .refused(error)
            }
            return .applied
        }
    }

    /// A pointer event; `kind` counts down, move, up, cancel from 0.
    public mutating func pointer(kind: Int32, pointerID: Int32, x: Double, y: Double, timestamp: Double) -> Int32 {
        let kinds = PointerEvent.Kind.allCases
        guard kind >= 0, Int(kind) < kinds.count else {
            return refuse(.malformed("a pointer's kind is 0 (down), 1 (move), 2 (up) or 3 (cancel)"))
        }
        let event = PointerEvent(kinds[Int(kind)], pointerID: Int(pointerID), x: x, y: y, timestamp: timestamp)
        return handle(.pointer(event))
    }

    public mutating func wheel(deltaX: Double, deltaY: Double, timestamp: Double) -> Int32 {
        handle(.wheel(WheelEvent(deltaX: deltaX, deltaY: deltaY, timestamp: timestamp)))
    }

    /// A command: 0 next, 1 previous, 2 go to `index` (`animated` 1 or 0), 3 auto-scroll on
    /// (`index` 1) or off (0).
    public mutating func command(kind: Int32, index: Int32, animated: Int32) -> Int32 {
        switch kind {
        case 0: return handle(.command(.next))
        case 1: return handle(.command(.previous))
        case 2: return handle(.command(.go(to: Int(index), animated: animated != 0)))
        case 3: return handle(.command(.setAutoScroll(enabled: index != 0)))
        default: return refuse(.malformed("a command is 0 (next), 1 (previous), 2 (go to) or 3 (auto-scroll)"))
        }
    }

    public mutating func visibility(isHidden: Int32) -> Int32 {
        handle(.visibility(isHidden: isHidden != 0))
    }

    /// Runs a batch of calls (`EngineCallBatch`) in order, every one: a refused call changes nothing,
    /// as it changed nothing where the batch was written (a session streams the inputs its engine
    /// refused too). The first refusal's status, which `lastError` names, or the last call's. A
    /// batch that cannot be read runs nothing.
    public mutating func run(batch record: [UInt8]) -> Int32 {
        let calls: [EngineCall]
        do {
            calls = try EngineCallBatch.decode(record)
        } catch {
            return refuse(error)
        }
        var status: Int32 = 0
        var firstRefusal: (status: Int32, error: ABIError)?
        for call in calls {
            status = call.run(on: &self).status
            if status < 0, firstRefusal == nil { firstRefusal = (status, lastError!) }
        }
        if let firstRefusal { return refuse(firstRefusal.error) }
        lastError = nil
        return status
    }

    /// Drops the engine: the configuration and items set next are kept, not applied, until `start`
    /// or `restore` makes a new engine of them (what a session does when a layout changes).
    public mutating func reset() -> Int32 {
        engine = nil
        lastError = nil
        return 0
    }

    /// Lets `milliseconds` pass (at most the protocol's `advance` bound), turned into a duration as
    /// the server turns the protocol's times.
    public mutating func advance(milliseconds: Double) -> Int32 {
        guard milliseconds >= 0, milliseconds <= Duration.maximumAdvanceMilliseconds else {
            return refuse(
                .malformed("a time to advance is 0 to \(Int(Duration.maximumAdvanceMilliseconds)) milliseconds")
            )
        }
        return advance(by: Duration(milliseconds: milliseconds))
    }

    /// Lets a whole number of `nanoseconds` pass (at most the `advance` bound): a live session's
    /// clock steps in nanoseconds, which a double holds exactly and milliseconds would not.
    public mutating func advance(nanoseconds: Double) -> Int32 {
        guard nanoseconds >= 0, nanoseconds <= Duration.maximumAdvanceMilliseconds * 1e6,
            nanoseconds.rounded(.towardZero) == nanoseconds
        else {
            return refuse(
                .malformed(
                    "a time to advance is a whole 0 to \(Int64(Duration.maximumAdvanceMilliseconds * 1e6)) nanoseconds"
                )
            )
        }
        return advance(by: .nanoseconds(Int64(nanoseconds)))
    }

    private mutating func advance(by duration: Duration) -> Int32 {
        guard engine != nil else { return refuse(.notStarted) }
        engine!.advance(by: duration)
        lastError = nil
        return 0
    }

    /// The next frame's record (taking it consumes the events it reports), or nothing before `start`.
    public mutating func takeFrame() -> [UInt8]? {
        guard engine != nil else {
            lastError = .notStarted
            return nil
        }
        return FrameRecord.encode(engine!.takeFrame(), kinds: kinds)
    }

    /// The next frame itself (taking it consumes its events), for a Swift caller: the stream
    /// follower, which carries events between frames; nothing before `start`.
    mutating func nextFrame() -> Frame? {
        guard engine != nil else { return nil }
        return engine!.takeFrame()
    }

    private mutating func handle(_ input: Input) -> Int32 {
        run { (host: inout EngineHost) throws(ABIError) -> InputResult in try host.apply(input) }
    }

    /// Applies `input` in place: a refused input leaves the engine exactly as it was (the engine's
    /// own promise), so nothing is copied on the way.
    private mutating func apply(_ input: Input) throws(ABIError) -> InputResult {
        guard engine != nil else { throw .notStarted }
        do {
            return try engine!.handle(input)
        } catch {
            throw .refused(error)
        }
    }

    private mutating func run(_ body: (inout EngineHost) throws(ABIError) -> InputResult) -> Int32 {
        do {
            let result = try body(&self)
            lastError = nil
            return result == .applied ? 0 : 1
        } catch {
            return refuse(error)
        }
    }

    /// Refuses a call with `error`, which `lastError` then names: also for what the module itself
    /// refuses before the engine sees a record (a length past the inbox).
    public mutating func refuse(_ error: ABIError) -> Int32 {
        lastError = error
        return error.status
    }

    /// `items`' kinds in order of first appearance, as a frame record names them.
    public static func kinds(of items: [CarouselItem]) -> [String] {
        var kinds: [String] = []
        for item in items where !kinds.contains(item.kind) { kinds.append(item.kind) }
        return kinds
    }
}
