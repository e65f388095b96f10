import CarouselCore

/// One call of the engine module's surface, as data: what a session's engine went through, told in
/// the calls a page would make to go through the same (`EngineTrace`), and what the tests run on the
/// native `EngineHost` and on the module alike.
public enum EngineCall: Sendable, CustomStringConvertible {
    case reset
    case configuration([UInt8])
    case items([UInt8])
    case start
    /// Restores the engine from a rest-state record.
    case restore([UInt8])
    case pointer(kind: Int32, id: Int32, x: Double, y: Double, t: Double)
    case wheel(dx: Double, dy: Double, t: Double)
    case command(kind: Int32, index: Int32, animated: Int32)
    case visibility(Int32)
    case advance(milliseconds: Double)
    case advanceNanoseconds(Double)
    case frame

    public var description: String {
        switch self {
        case .reset: "reset"
        case .configuration(let record): "configuration(\(record.count) bytes)"
        case .items(let record): "items(\(record.count) bytes)"
        case .start: "start"
        case .restore(let record): "restore(\(record.count) bytes)"
        case .pointer(let kind, let id, let x, let y, let t): "pointer(\(kind), \(id), \(x), \(y), \(t))"
        case .wheel(let dx, let dy, let t): "wheel(\(dx), \(dy), \(t))"
        case .command(let kind, let index, let animated): "command(\(kind), \(index), \(animated))"
        case .visibility(let hidden): "visibility(\(hidden))"
        case .advance(let milliseconds): "advance(\(milliseconds) ms)"
        case .advanceNanoseconds(let nanoseconds): "advance(\(nanoseconds) ns)"
        case .frame: "frame"
        }
    }

    /// The call's outcome on `host`: its status, and for `frame` the record.
    public func run(on host: inout EngineHost) -> (status: Int32, bytes: [UInt8]) {
        switch self {
        case .reset: (host.reset(), [])
        case .configuration(let record): (host.setConfiguration(record), [])
        case .items(let record): (host.setItems(record), [])
        case .start: (host.start(), [])
        case .restore(let record): (host.restore(record), [])
        case .pointer(let kind, let id, let x, let y, let t):
            (host.pointer(kind: kind, pointerID: id, x: x, y: y, timestamp: t), [])
        case .wheel(let dx, let dy, let t): (host.wheel(deltaX: dx, deltaY: dy, timestamp: t), [])
        case .command(let kind, let index, let animated):
            (host.command(kind: kind, index: index, animated: animated), [])
        case .visibility(let hidden): (host.visibility(isHidden: hidden), [])
        case .advance(let milliseconds): (host.advance(milliseconds: milliseconds), [])
        case .advanceNanoseconds(let nanoseconds): (host.advance(nanoseconds: nanoseconds), [])
        case .frame:
            if let record = host.takeFrame() { (Int32(record.count), record) } else { (host.lastError!.status, []) }
        }
    }
}
