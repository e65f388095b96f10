import CarouselABI
import WasmKit

/// One call of the engine module's surface, as the page would make it. A program of these runs on
/// the native `EngineHost` and on the WebAssembly module; each call's status and each frame must be
/// the same bytes.
enum EngineCall: CustomStringConvertible {
    case configuration([UInt8])
    case items([UInt8])
    case start
    /// Restores the engine from a rest-state record.
    case restore([UInt8])
    /// Restores both engines from the native engine's own rest state at this point (a checkpoint
    /// taken and restored), with `damage` bytes overwritten to try the decoder's refusals.
    case checkpoint(damage: [(offset: Int, byte: UInt8)])
    case pointer(kind: Int32, id: Int32, x: Double, y: Double, t: Double)
    case wheel(dx: Double, dy: Double, t: Double)
    case command(kind: Int32, index: Int32, animated: Int32)
    case visibility(Int32)
    case advance(Double)
    case frame

    var description: String {
        switch self {
        case .configuration(let record): "configuration(\(record.count) bytes)"
        case .items(let record): "items(\(record.count) bytes)"
        case .start: "start"
        case .restore(let record): "restore(\(record.count) bytes)"
        case .checkpoint(let damage): "checkpoint(damaged at \(damage.map(\.offset)))"
        case .pointer(let kind, let id, let x, let y, let t): "pointer(\(kind), \(id), \(x), \(y), \(t))"
        case .wheel(let dx, let dy, let t): "wheel(\(dx), \(dy), \(t))"
        case .command(let kind, let index, let animated): "command(\(kind), \(index), \(animated))"
        case .visibility(let hidden): "visibility(\(hidden))"
        case .advance(let milliseconds): "advance(\(milliseconds))"
        case .frame: "frame"
        }
    }

    /// The call to run on both engines: a checkpoint becomes a restore from the native engine's rest
    /// state now (an empty record when it is not at rest), damaged where it says.
    func resolved(with host: EngineHost) -> EngineCall {
        guard case .checkpoint(let damage) = self else { return self }
        var record = host.engine?.restState.map(RestStateRecord.encode) ?? []
        for (offset, byte) in damage where offset < record.count { record[offset] = byte }
        return .restore(record)
    }

    /// The call's outcome natively: its status, and for `frame` the record.
    func run(on host: inout EngineHost) -> (status: Int32, bytes: [UInt8]) {
        switch self {
        case .configuration(let record): (host.setConfiguration(record), [])
        case .items(let record): (host.setItems(record), [])
        case .start: (host.start(), [])
        case .restore(let record): (host.restore(record), [])
        case .checkpoint: preconditionFailure("a checkpoint becomes a restore before it runs")
        case .pointer(let kind, let id, let x, let y, let t):
            (host.pointer(kind: kind, pointerID: id, x: x, y: y, timestamp: t), [])
        case .wheel(let dx, let dy, let t): (host.wheel(deltaX: dx, deltaY: dy, timestamp: t), [])
        case .command(let kind, let index, let animated):
            (host.command(kind: kind, index: index, animated: animated), [])
        case .visibility(let hidden): (host.visibility(isHidden: hidden), [])
        case .advance(let milliseconds): (host.advance(milliseconds: milliseconds), [])
        case .frame:
            if let record = host.takeFrame() { (Int32(record.count), record) } else { (host.lastError!.status, []) }
        }
    }

    /// The call's outcome in the module; a trap throws.
    func run(on module: WasmEngine) throws -> (status: Int32, bytes: [UInt8]) {
        typealias W = WasmEngine
        switch self {
        case .configuration(let record): return (try module.send(record, to: "cp_set_configuration"), [])
        case .items(let record): return (try module.send(record, to: "cp_set_items"), [])
        case .start: return (try module.call("cp_start"), [])
        case .restore(let record): return (try module.send(record, to: "cp_restore"), [])
        case .checkpoint: preconditionFailure("a checkpoint becomes a restore before it runs")
        case .pointer(let kind, let id, let x, let y, let t):
            return (try module.call("cp_pointer", [W.i32(kind), W.i32(id), W.f64(x), W.f64(y), W.f64(t)]), [])
        case .wheel(let dx, let dy, let t): return (try module.call("cp_wheel", [W.f64(dx), W.f64(dy), W.f64(t)]), [])
        case .command(let kind, let index, let animated):
            return (try module.call("cp_command", [W.i32(kind), W.i32(index), W.i32(animated)]), [])
        case .visibility(let hidden): return (try module.call("cp_visibility", [W.i32(hidden)]), [])
        case .advance(let milliseconds): return (try module.call("cp_advance", [W.f64(milliseconds)]), [])
        case .frame:
            let length = try module.call("cp_frame")
            return (length, length > 0 ? try module.outbox(length) : [])
        }
    }
}
