import Foundation
import WasmKit

/// The page's engine module (`make wasm`) under WasmKit, called as the page calls it: records
/// written into the inbox of its memory, frames read out of its outbox.
struct WasmEngine {
    /// Where `make wasm` writes the module; `CAROUSEL_WASM` points elsewhere.
    static var modulePath: String {
        if let path = ProcessInfo.processInfo.environment["CAROUSEL_WASM"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent("public/wasm/carousel-core.wasm").path
    }

    /// The module's bytes, read once; a missing module fails the test that needs it, saying how
    /// to build it (the tests never skip it silently).
    static let moduleBytes: Result<[UInt8], ModuleMissing> = {
        guard let data = FileManager.default.contents(atPath: modulePath) else {
            return .failure(ModuleMissing(path: modulePath))
        }
        return .success([UInt8](data))
    }()

    struct ModuleMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no engine module at \(path): `make wasm` builds it (make test does)" }
    }

    private let instance: Instance
    private let memory: Memory

    init() throws {
        let module = try parseWasm(bytes: try Self.moduleBytes.get())
        let store = Store(engine: Engine())
        instance = try module.instantiate(store: store, imports: Imports())
        memory = instance.exports[memory: "memory"]!
    }

    func call(_ name: String, _ arguments: [Value] = []) throws -> Int32 {
        let results = try instance.exports[function: name]!.invoke(arguments)
        guard case .i32(let value) = results.first else { return 0 }
        return Int32(bitPattern: value)
    }

    /// An export that answers a double (a time), bit for bit.
    func double(_ name: String, _ arguments: [Value] = []) throws -> Double {
        let results = try instance.exports[function: name]!.invoke(arguments)
        guard case .f64(let bits) = results.first else { return .nan }
        return Double(bitPattern: bits)
    }

    /// Writes `record` into the inbox and calls `name` with its length, then `more` arguments.
    func send(_ record: [UInt8], to name: String, with more: [Value] = []) throws -> Int32 {
        let address = try call("cp_inbox", [.i32(UInt32(record.count))])
        guard address != 0 else { return try call(name, [.i32(UInt32(record.count))] + more) }
        memory.withUnsafeMutableBufferPointer(offset: UInt(UInt32(bitPattern: address)), count: record.count) {
            buffer in
            buffer.copyBytes(from: record)
        }
        return try call(name, [.i32(UInt32(record.count))] + more)
    }

    /// The outbox's first `count` bytes (a frame or an error message just written).
    func outbox(_ count: Int32) throws -> [UInt8] {
        let address = try call("cp_outbox")
        return memory.withUnsafeMutableBufferPointer(offset: UInt(UInt32(bitPattern: address)), count: Int(count)) {
            Array($0)
        }
    }

    static func f64(_ value: Double) -> Value { .f64(value.bitPattern) }
    static func i32(_ value: Int32) -> Value { .i32(UInt32(bitPattern: value)) }
}
