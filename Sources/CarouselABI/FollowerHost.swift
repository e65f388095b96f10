import CarouselCore

/// The stream follower behind the engine module's `cp_follower_*` exports, as `EngineHost` is the
/// engine behind the others: numbers in, a status out (0 done, 1 valid but nothing to do, or an
/// `ABIError`'s negative code with `lastError` saying why; a refused call changes nothing, but a start
/// whose batch is refused stops following, as a start that cannot be followed must). Times are
/// the session's whole nanoseconds as doubles (exact below 2^53 ns, 104 days); a missing time, `seq`
/// or client is NaN, a missing device -1.
public struct FollowerHost {
    public private(set) var follower = StreamFollower()
    public private(set) var lastError: ABIError?
    /// The time the last stamped input goes in, in nanoseconds (what the message's `at` says).
    public private(set) var stampedAt: Double = 0

    public init() {}

    /// This page's client number and whether the session's clock is manual (its welcome's).
    public mutating func welcome(client: Double, isManual: Int32) -> Int32 {
        run { (host: inout FollowerHost) throws(ABIError) in
            host.follower.client = try Self.number(client, named: "a client")
            host.follower.isManual = isManual != 0
            return 0
        }
    }

    /// A start of the stream: `batch` makes the session's engine as it stands at `nanoseconds`.
    public mutating func start(batch: [UInt8], at nanoseconds: Double) -> Int32 {
        run { (host: inout FollowerHost) throws(ABIError) in
            let at = try Self.time(nanoseconds)
            try host.follower.start(batch, at: at)
            return 0
        }
    }

    /// A batch of the stream (an `engine` message that is not a start), with what the message says
    /// of it; 1 when the page does not follow the stream (the batch is dropped).
    public mutating func receive(
        batch: [UInt8],
        at nanoseconds: Double,
        firstChange: Double,
        client: Double,
        seq: Double,
        device: Int32,
        givenAt: Double,
        isTimeOnly: Int32
    ) -> Int32 {
        run { (host: inout FollowerHost) throws(ABIError) in
            let at = try Self.time(nanoseconds)
            let firstChange = try Self.optional(firstChange, Self.time)
            let givenAt = try Self.optional(givenAt, Self.time)
            let input = try Self.optional(client) { client throws(ABIError) in
                StreamInput(
                    client: try Self.number(client, named: "a client"),
                    seq: try Self.optional(seq) { seq throws(ABIError) in try Self.number(seq, named: "a seq") },
                    device: try Self.device(device)
                )
            }
            guard host.follower.isFollowing else { return 1 }
            host.follower.receive(
                batch,
                at: at,
                firstChange: firstChange,
                input: input,
                givenAt: givenAt,
                isTimeOnly: isTimeOnly != 0
            )
            return 0
        }
    }

    /// This page's pointer event (`kind` as `EngineHost.pointer` counts), going to the server as
    /// input `seq`, drawn at once; 0 when stamped (`stampedAt` says when), 1 when the page does
    /// not follow a live session (the message goes as it is).
    public mutating func stampPointer(
        seq: Double,
        drawing: Double,
        device: Int32,
        kind: Int32,
        pointerID: Int32,
        x: Double,
        y: Double,
        timestamp: Double
    ) -> Int32 {
        stamp(.pointer(kind: kind, id: pointerID, x: x, y: y, t: timestamp), seq: seq, drawing: drawing, device: device)
    }

    /// This page's wheel event, as `stampPointer` stamps a pointer's.
    public mutating func stampWheel(
        seq: Double,
        drawing: Double,
        deltaX: Double,
        deltaY: Double,
        timestamp: Double
    )
        -> Int32
    {
        stamp(.wheel(dx: deltaX, dy: deltaY, t: timestamp), seq: seq, drawing: drawing, device: 3)
    }

    /// The stream stopped (a server frame came): frames come from the server until a start.
    public mutating func stop() -> Int32 {
        follower.stop()
        lastError = nil
        return 0
    }

    /// The frame record at the page's time `display` (ignored on a manual clock), or nothing when
    /// the page does not follow the stream (`lastError` then says so).
    public mutating func draw(at display: Double) -> [UInt8]? {
        do throws(ABIError) {
            let display = try Self.time(display)
            guard let frame = follower.draw(at: display) else { throw .notStarted }
            lastError = nil
            return FrameRecord.encode(frame, kinds: follower.kinds)
        } catch {
            lastError = error
            return nil
        }
    }

    /// The input the last frame drawn names, as 24 bytes (client and `seq` as doubles, `seq` NaN
    /// when none, then the device code, -1 when unsaid, and 4 reserved), or none.
    public var inputRecord: [UInt8] {
        guard let input = follower.input else { return [] }
        var writer = ByteWriter(reservingCapacity: 24)
        writer.double(Double(input.client))
        writer.double(input.seq.map(Double.init) ?? .nan)
        writer.int32(Int(input.device?.rawValue ?? -1))
        writer.int32(0)
        return writer.bytes
    }

    private mutating func stamp(_ call: EngineCall, seq: Double, drawing: Double, device: Int32) -> Int32 {
        run { (host: inout FollowerHost) throws(ABIError) in
            let seq = try Self.number(seq, named: "a seq")
            let drawing = try Self.time(drawing)
            let device = try Self.device(device)
            guard let at = host.follower.stamp(call, seq: seq, drawing: drawing, device: device) else { return 1 }
            host.stampedAt = Double(at)
            return 0
        }
    }

    /// Refuses a call with `error`, which `lastError` then names: also for what the module itself
    /// refuses before the follower sees a batch (a length past the inbox).
    public mutating func refuse(_ error: ABIError) -> Int32 {
        lastError = error
        return error.status
    }

    private mutating func run(_ body: (inout FollowerHost) throws(ABIError) -> Int32) -> Int32 {
        do throws(ABIError) {
            let status = try body(&self)
            lastError = nil
            return status
        } catch {
            return refuse(error)
        }
    }

    /// The protocol's whole numbers are below 2^53 in size (a `seq`, a client number).
    private static let wholeLimit = 9_007_199_254_740_992.0

    /// A session time: whole nanoseconds, 0 up to 2^53.
    private static func time(_ value: Double) throws(ABIError) -> Int64 {
        guard value >= 0, value < wholeLimit, value.rounded(.towardZero) == value else {
            throw .malformed("a session time is a whole 0 to 2^53 nanoseconds")
        }
        return Int64(value)
    }

    private static func number(_ value: Double, named name: String) throws(ABIError) -> Int64 {
        guard value.magnitude < wholeLimit, value.rounded(.towardZero) == value else {
            throw .malformed("\(name) is a whole number below 2^53 in size")
        }
        return Int64(value)
    }

    private static func device(_ code: Int32) throws(ABIError) -> StreamInput.Device? {
        guard code != -1 else { return nil }
        guard let device = StreamInput.Device(rawValue: code) else {
            throw .malformed("a device is -1 (unsaid), 0 (mouse), 1 (touch), 2 (pen) or 3 (wheel)")
        }
        return device
    }

    /// `value` read by `read`, or nothing when it is NaN (the page's "not said").
    private static func optional<T>(_ value: Double, _ read: (Double) throws(ABIError) -> T) throws(ABIError) -> T? {
        value.isNaN ? nil : try read(value)
    }
}
