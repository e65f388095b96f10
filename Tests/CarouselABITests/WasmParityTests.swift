import CarouselABI
import CarouselCore
import Foundation
import TestSupport
import Testing

@Suite("The page's WebAssembly engine against the native one, byte for byte")
struct WasmParityTests {
    /// Runs `calls` on both engines; every status, every frame record and every refusal's sentence
    /// must be the same bytes. Counts the frames compared and the engines restored from a checkpoint.
    static func compare(_ steps: [ProgramStep], label: String, counts: inout (frames: Int, restores: Int)) throws {
        var native = EngineHost()
        let module = try WasmEngine()
        for (index, planned) in steps.enumerated() {
            let call = planned.resolved(with: native)
            let expected = call.run(on: &native)
            let actual = try call.run(on: module)
            guard expected == actual else {
                let difference =
                    zip(expected.bytes, actual.bytes).enumerated().first { $0.element.0 != $0.element.1 }.map {
                        " first differing at byte \($0.offset)"
                    } ?? ""
                Issue.record(
                    "\(label): call \(index) \(call) gave \(actual.status) in wasm, \(expected.status) natively\(difference)"
                )
                return
            }
            if case .frame = call, expected.status > 0 { counts.frames += 1 }
            if case .restore = call, expected.status == 0 { counts.restores += 1 }
            if expected.status < 0 {
                let length = try module.call("cp_error")
                let message = String(decoding: try module.outbox(length), as: UTF8.self)
                #expect(message == native.lastError?.message, "\(label): call \(index) \(call)")
            }
        }
    }

    /// `make test-long`'s 400 programs run as four shards of 100 (one seed each), so both cores
    /// share the interpreter's work; `make test` runs one shard of 12.
    @Test(
        "seeded random programs: every call's status, frame and refusal are the same bytes",
        arguments: 0..<UInt64(TestLength.pick(1, long: 4))
    )
    func seededPrograms(shard: UInt64) throws {
        let seed = TestSeed.pick("WASM_PARITY_SEED", for: "WasmParityTests.seededPrograms shard \(shard)")
        var generator = ProgramGenerator(seed: seed)
        var counts = (frames: 0, restores: 0)
        for program in 0..<TestLength.pick(12, long: 100) {
            try Self.compare(generator.program(length: 300), label: "seed \(seed) program \(program)", counts: &counts)
        }
        #expect(counts.frames > 300, "programs that mostly stop at their first call prove little")
        #expect(counts.restores > 0, "no engine was restored from a checkpoint")
    }
}

@Suite("The engine module's exports refuse what the engine refuses, without trapping")
struct WasmExportRefusalTests {
    @Test("hostile arguments to every export: a negative status and a sentence, never a trap")
    func hostileArguments() throws {
        let module = try WasmEngine()
        typealias W = WasmEngine
        #expect(try module.call("cp_frame") == ABIError.notStarted.status)
        #expect(try module.call("cp_pointer", [W.i32(0), W.i32(1), W.f64(0), W.f64(0), W.f64(0)]) == -4)
        #expect(try module.call("cp_inbox", [W.i32(-1)]) == 0)
        #expect(try module.call("cp_inbox", [W.i32(2 << 20)]) == 0)
        #expect(try module.call("cp_set_configuration", [W.i32(-8)]) == -3)
        #expect(try module.call("cp_set_items", [W.i32(Int32.max)]) == -3)
        let refusal = try module.outbox(try module.call("cp_error"))
        #expect(
            String(decoding: refusal, as: UTF8.self) == "too large: the record is longer than the inbox reserved for it"
        )
        #expect(
            try module.send(ItemsRecord.encode([CarouselItem(id: "a"), CarouselItem(id: "b")]), to: "cp_set_items") == 0
        )
        #expect(try module.call("cp_start") == 0)
        let edges = ProgramGenerator.edges.filter { !$0.isFinite || abs($0) > 1_000_000 }
        for value in edges {
            #expect(try module.call("cp_pointer", [W.i32(0), W.i32(1), W.f64(value), W.f64(0), W.f64(0)]) == -5)
            let beyondTime = !value.isFinite || abs(value) > PointerEvent.maximumTimestamp
            #expect(
                try module.call("cp_pointer", [W.i32(0), W.i32(1), W.f64(0), W.f64(0), W.f64(value)])
                    == (beyondTime ? -5 : 0)
            )
            #expect(try module.call("cp_pointer", [W.i32(3), W.i32(1), W.f64(0), W.f64(0), W.f64(0)]) >= 0)
            #expect(try module.call("cp_wheel", [W.f64(value), W.f64(0), W.f64(0)]) == -5)
            #expect(try module.call("cp_advance", [W.f64(value)]) == -2)
        }
        for kind: Int32 in [-1, 4, .max, .min] {
            #expect(try module.call("cp_pointer", [W.i32(kind), W.i32(1), W.f64(0), W.f64(0), W.f64(0)]) == -2)
            #expect(try module.call("cp_command", [W.i32(kind), W.i32(0), W.i32(0)]) == -2)
        }
        for index: Int32 in [-1, 2, .max, .min] {
            #expect(try module.call("cp_command", [W.i32(2), W.i32(index), W.i32(1)]) == -5)
        }
        let length = try module.call("cp_error")
        #expect(
            String(decoding: try module.outbox(length), as: UTF8.self)
                == "index -2147483648 is out of range: valid indices are 0 to 1"
        )
        #expect(try module.call("cp_frame") > 0)
        // Nanoseconds: whole, 0 to the advance bound; anything else is refused, the engine kept.
        for value in ProgramGenerator.edges + [0.5, 1e10 + 1, 1e10 - 0.5, -1] {
            let isWhole = value >= 0 && value <= 1e10 && value.rounded(.towardZero) == value
            #expect(try module.call("cp_advance_ns", [W.f64(value)]) == (isWhole ? 0 : -2), "\(value) ns")
        }
        // A batch that cannot be read runs nothing, whatever its bytes.
        #expect(try module.send([99, 1, 2], to: "cp_run") == ABIError.malformed("").status)
        #expect(try module.send([1, 0xFF, 0xFF, 0xFF, 0x7F], to: "cp_run") == ABIError.truncated.status)
        #expect(try module.call("cp_run", [W.i32(-1)]) == ABIError.tooLarge("").status)
        #expect(try module.call("cp_frame") > 0)
        // A reset drops the engine: nothing runs until the next start.
        #expect(try module.call("cp_reset") == 0)
        #expect(try module.call("cp_frame") == ABIError.notStarted.status)
        #expect(try module.call("cp_advance_ns", [W.f64(4_000_000)]) == ABIError.notStarted.status)
        #expect(try module.call("cp_start") == 0)
        #expect(try module.call("cp_frame") > 0)
    }
}
