import CarouselABI
import CarouselCore
import Foundation
import TestSupport
import Testing

@Suite("A batch of engine calls: read back as written, run in order, refused whole when it cannot be read")
struct EngineCallBatchTests {
    @Test("seeded programs' calls read back to the same bytes, and run as a batch as one by one")
    func roundTrip() throws {
        let seed = TestSeed.pick("WASM_PARITY_SEED", for: "EngineCallBatchTests.roundTrip")
        var generator = ProgramGenerator(seed: seed)
        for program in 0..<8 {
            var native = EngineHost()
            let steps = generator.program(length: 200)
            let calls = steps.map { $0.resolved(with: native) }.filter { if case .frame = $0 { false } else { true } }
            let bytes = EngineCallBatch.encode(calls)
            #expect(
                EngineCallBatch.encode(try EngineCallBatch.decode(bytes)) == bytes,
                "seed \(seed) program \(program)"
            )
            // One by one, every call: a refused one changes nothing; the batch says the first refusal.
            var oneByOne = EngineHost()
            var expected: Int32? = nil
            var last: Int32 = 0
            for call in calls {
                last = call.run(on: &oneByOne).status
                if last < 0, expected == nil { expected = last }
            }
            let expectedStatus = expected ?? last
            #expect(native.run(batch: bytes) == expectedStatus, "seed \(seed) program \(program)")
            #expect(native.takeFrame() == oneByOne.takeFrame(), "seed \(seed) program \(program)")
        }
    }

    @Test("a batch cut short, with a call no one knows, or a record's length past its end runs nothing")
    func unreadable() throws {
        let whole = EngineCallBatch.encode([
            .configuration(ConfigurationRecord.encode(Configuration())),
            .items(ItemsRecord.encode([CarouselItem(id: "a"), CarouselItem(id: "b")])), .start,
            .pointer(kind: 0, id: 1, x: 10, y: 0, t: 0),
        ])
        for (bytes, status) in [
            (Array(whole.dropLast()), ABIError.truncated.status),
            (whole + [99], ABIError.malformed("").status),
            ([1, 0xFF, 0xFF, 0xFF, 0x7F], ABIError.truncated.status),
            ([1, 0xFF, 0xFF, 0xFF, 0xFF], ABIError.malformed("").status),
        ] {
            var host = EngineHost()
            #expect(host.run(batch: bytes) == status)
            #expect(host.engine == nil, "nothing ran")
        }
        var host = EngineHost()
        #expect(host.run(batch: whole) == 0)
        #expect(host.engine?.activePointerID == 1)
    }
}
