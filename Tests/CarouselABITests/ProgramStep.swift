import CarouselABI
import WasmKit

/// One step of a test program for the engine module: a call, or a checkpoint, which becomes a
/// restore from the native engine's own rest state at that point, with `damage` bytes overwritten
/// to try the decoder's refusals. Each call's status and each frame must be the same bytes on the
/// native `EngineHost` and on the WebAssembly module.
enum ProgramStep: CustomStringConvertible {
    case call(EngineCall)
    case checkpoint(damage: [(offset: Int, byte: UInt8)])

    var description: String {
        switch self {
        case .call(let call): call.description
        case .checkpoint(let damage): "checkpoint(damaged at \(damage.map(\.offset)))"
        }
    }

    /// The call to run on both engines: a checkpoint becomes a restore from the native engine's rest
    /// state now (an empty record when it is not at rest), damaged where it says.
    func resolved(with host: EngineHost) -> EngineCall {
        switch self {
        case .call(let call): return call
        case .checkpoint(let damage):
            var record = host.engine?.restState.map(RestStateRecord.encode) ?? []
            for (offset, byte) in damage where offset < record.count { record[offset] = byte }
            return .restore(record)
        }
    }
}

extension EngineCall {
    /// The call's outcome in the module, as the page makes it; a trap throws.
    func run(on module: WasmEngine) throws -> (status: Int32, bytes: [UInt8]) {
        typealias W = WasmEngine
        switch self {
        case .reset: return (try module.call("cp_reset"), [])
        case .configuration(let record): return (try module.send(record, to: "cp_set_configuration"), [])
        case .items(let record): return (try module.send(record, to: "cp_set_items"), [])
        case .start: return (try module.call("cp_start"), [])
        case .restore(let record): return (try module.send(record, to: "cp_restore"), [])
        case .pointer(let kind, let id, let x, let y, let t):
            return (try module.call("cp_pointer", [W.i32(kind), W.i32(id), W.f64(x), W.f64(y), W.f64(t)]), [])
        case .wheel(let dx, let dy, let t): return (try module.call("cp_wheel", [W.f64(dx), W.f64(dy), W.f64(t)]), [])
        case .command(let kind, let index, let animated):
            return (try module.call("cp_command", [W.i32(kind), W.i32(index), W.i32(animated)]), [])
        case .visibility(let hidden): return (try module.call("cp_visibility", [W.i32(hidden)]), [])
        case .advance(let milliseconds): return (try module.call("cp_advance", [W.f64(milliseconds)]), [])
        case .advanceNanoseconds(let nanoseconds): return (try module.call("cp_advance_ns", [W.f64(nanoseconds)]), [])
        case .frame:
            let length = try module.call("cp_frame")
            return (length, length > 0 ? try module.outbox(length) : [])
        }
    }
}
