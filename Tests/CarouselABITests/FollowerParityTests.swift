import CarouselABI
import CarouselCore
import Foundation
import TestSupport
import Testing

@Suite("The page's stream follower in the module against the native one, byte for byte")
struct FollowerParityTests {
    /// What the runs went through, so a generator that stopped reaching a path fails.
    struct Reached {
        var frames = 0
        var stamped = 0
        var corrections = 0
        var refusals = 0
        var answeredInPlace = 0
    }

    /// `make test-long` runs four shards of 25 sessions (one seed each); `make test` one of 6.
    @Test(
        "seeded random streams, stamps and draws: every status, frame, input and state the same bytes",
        arguments: 0..<UInt64(TestLength.pick(1, long: 4))
    )
    func seededStreams(shard: UInt64) throws {
        let seed = TestSeed.pick("FOLLOWER_PARITY_SEED", for: "FollowerParityTests shard \(shard)")
        var random = SeededGenerator(seed: seed)
        var reached = Reached()
        for session in 0..<TestLength.pick(6, long: 25) {
            let label = "seed \(seed) session \(session)"
            try Self.compare(seed: UInt64.random(in: 1...UInt64.max, using: &random), label: label, reached: &reached)
        }
        print("FollowerParityTests shard \(shard) reached \(reached)")
        #expect(reached.frames > 100, "sessions that stop early prove little")
        #expect(reached.stamped > 20, "no page's own inputs were stamped")
        #expect(reached.corrections > 0, "no batch redrew the motion")
        #expect(reached.answeredInPlace > 0, "no own input was answered where the page gave it")
        #expect(reached.refusals > 0, "no call was refused")
    }

    /// One session's stream, its page's inputs and frames, each call run on both followers: the
    /// next call chosen from what the native one says (the times it stamped, what it drew).
    static func compare(seed: UInt64, label: String, reached: inout Reached) throws {
        var random = SeededGenerator(seed: seed)
        var programs = ProgramGenerator(seed: seed)
        var engineCalls = programs.program(length: 400).compactMap { step -> EngineCall? in
            guard case .call(let call) = step else { return nil }
            if case .frame = call { return nil }
            return call
        }
        // The stream starts from a preset and a few items, so every session is followed; the random
        // programs' calls (new configurations and items among them, some refused) come after.
        engineCalls.removeFirst(3)
        let preset = Configuration.presetNames.randomElement(using: &random)!
        let items = (0..<Int.random(in: 2...12, using: &random)).map { CarouselItem(id: "item-\($0)") }
        let beginning = EngineCallBatch.encode([
            .configuration(ConfigurationRecord.encode(Configuration.preset(named: preset)!)),
            .items(ItemsRecord.encode(items)), .start,
        ])
        var native = FollowerHost()
        let module = try WasmEngine()
        let client = Double(Int.random(in: 1...9, using: &random))
        var now = Double(Int64.random(in: 0...100_000_000_000, using: &random))
        var seq = 0.0
        var stamps: [(seq: Double, at: Double)] = []
        var history: [FollowerStep] = []
        var steps: [FollowerStep] = [.welcome(client: client, isManual: 0), .start(batch: beginning, at: now)]
        func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
        func edge() -> Double {
            [-1, 0.5, .nan, .infinity, 9_007_199_254_740_992, -0.0].randomElement(using: &random)!
        }
        while !engineCalls.isEmpty || !steps.isEmpty {
            if steps.isEmpty {
                let roll = Int.random(in: 0..<100, using: &random)
                switch roll {
                case 0..<35:
                    let count = min(engineCalls.count, Int.random(in: 1...6, using: &random))
                    let calls = Array(engineCalls.prefix(count))
                    engineCalls.removeFirst(count)
                    now += calls.reduce(0) { sum, call in sum + Self.nanoseconds(of: call) }
                    var received = FollowerStep.Received(batch: EngineCallBatch.encode(calls), at: now)
                    if chance(0.2) {
                        received.firstChange = max(0, now - Double(Int.random(in: 0...100, using: &random)) * 1e6)
                    }
                    if chance(0.1) { received.isTimeOnly = 1 }
                    if let stamp = stamps.randomElement(using: &random), chance(0.5) {
                        // An answer to this page's input: where it gave it, mostly, or later.
                        received.client = client
                        received.seq = stamp.seq
                        received.givenAt = chance(0.7) ? stamp.at : stamp.at + 4e6
                        received.device = Int32.random(in: -1...3, using: &random)
                    } else if chance(0.3) {
                        received.client = client + 1
                        received.seq = chance(0.8) ? Double(Int.random(in: -5...50, using: &random)) : .nan
                    }
                    if chance(0.02) { received.at = edge() }
                    steps.append(.receive(received))
                case 35..<50:
                    seq += 1
                    let drawing = Double(native.follower.drawn) + Double(Int.random(in: -20...40, using: &random)) * 1e6
                    let device = chance(0.02) ? 7 : Int32.random(in: -1...3, using: &random)
                    let t = drawing / 1e6
                    steps.append(
                        chance(0.8)
                            ? .stampPointer(
                                seq: chance(0.02) ? edge() : seq,
                                drawing: max(0, drawing),
                                device: device,
                                kind: Int32.random(in: 0...3, using: &random),
                                id: Int32(client),
                                x: Double.random(in: 0...375, using: &random),
                                t: t
                            )
                            : .stampWheel(
                                seq: seq,
                                drawing: max(0, drawing),
                                dx: Double.random(in: -60...60, using: &random),
                                t: t
                            )
                    )
                case 50..<90:
                    let ahead =
                        chance(0.05)
                        ? Double(Int.random(in: 2_000...30_000, using: &random))
                        : Double(Int.random(in: -30...40, using: &random))
                    steps.append(.draw(at: chance(0.02) ? edge() : max(0, Double(native.follower.drawn) + ahead * 1e6)))
                case 90..<93: steps.append(.stop)
                case 93..<97: steps += [.start(batch: beginning, at: now), .draw(at: now)]
                default: steps.append(.welcome(client: chance(0.05) ? edge() : client, isManual: chance(0.3) ? 1 : 0))
                }
            }
            let step = steps.removeFirst()
            history.append(step)
            let before = native.follower.corrections
            let expected = step.run(on: &native)
            let actual: FollowerStep.Outcome
            do {
                actual = try step.run(on: module)
            } catch {
                Issue.record(
                    "\(label): \(step) trapped in wasm: \(error) after \(history.suffix(8).map(\.description))"
                )
                return
            }
            guard expected == actual else {
                Issue.record("\(label): \(step) gave \(actual) in wasm, \(expected) natively")
                return
            }
            if expected.status < 0 { reached.refusals += 1 }
            switch step {
            case .draw: if expected.status > 0 { reached.frames += 1 }
            case .stampPointer(let seq, _, _, _, _, _, _), .stampWheel(let seq, _, _, _):
                if expected.status == 0 {
                    stamps.append((seq, Double(bitPattern: expected.stampedAt)))
                    reached.stamped += 1
                }
            case .receive(let received):
                let isOwn = received.client == client && stamps.contains { $0.seq == received.seq }
                if isOwn, stamps.contains(where: { $0.seq == received.seq && $0.at == received.givenAt }),
                    expected.corrections == before
                {
                    reached.answeredInPlace += 1
                }
            default: break
            }
            reached.corrections += expected.corrections - before
        }
    }

    @Test("hostile arguments to every follower export: a negative status and a sentence, never a trap")
    func hostileArguments() throws {
        let module = try WasmEngine()
        typealias W = WasmEngine
        func sentence() throws -> String {
            String(decoding: try module.outbox(try module.call("cp_follower_error")), as: UTF8.self)
        }
        #expect(try module.call("cp_follower_draw", [W.f64(0)]) == ABIError.notStarted.status)
        #expect(try module.call("cp_follower_input") == 0)
        #expect(try module.call("cp_follower_start", [W.i32(-1), W.f64(0)]) == ABIError.tooLarge("").status)
        #expect(try sentence() == "too large: the batch is longer than the inbox reserved for it")
        let receiving = [W.f64(0), W.f64(.nan), W.f64(.nan), W.f64(.nan), W.i32(-1), W.f64(.nan), W.i32(0)]
        #expect(try module.call("cp_follower_receive", [W.i32(Int32.max)] + receiving) == ABIError.tooLarge("").status)
        #expect(
            try module.send([99, 1, 2], to: "cp_follower_start", with: [W.f64(0)]) == ABIError.malformed("").status
        )
        #expect(try module.call("cp_follower_following") == 0, "a start that cannot be read is not followed")
        let batch = EngineCallBatch.encode([
            .configuration(ConfigurationRecord.encode(Configuration())),
            .items(ItemsRecord.encode((0..<5).map { CarouselItem(id: "\($0)") })), .start,
        ])
        for time in [-1, 0.5, .nan, .infinity, -.infinity, 9_007_199_254_740_992, .greatestFiniteMagnitude] {
            #expect(try module.send(batch, to: "cp_follower_start", with: [W.f64(time)]) == -2, "\(time)")
            #expect(try sentence() == "malformed record: a session time is a whole 0 to 2^53 nanoseconds")
            #expect(try module.call("cp_follower_draw", [W.f64(time)]) < 0, "\(time)")
        }
        #expect(try module.send(batch, to: "cp_follower_start", with: [W.f64(0)]) == 0)
        #expect(try module.call("cp_follower_welcome", [W.f64(.nan), W.i32(0)]) == -2)
        #expect(try module.call("cp_follower_welcome", [W.f64(3), W.i32(0)]) == 0)
        for device: Int32 in [-2, 4, .max, .min] {
            let stamp = [W.f64(1), W.f64(0), W.i32(device), W.i32(0), W.i32(3), W.f64(10), W.f64(10), W.f64(0)]
            #expect(try module.call("cp_follower_stamp_pointer", stamp) == -2, "device \(device)")
        }
        for seq in [0.5, .nan, .infinity, 9_007_199_254_740_992] {
            #expect(
                try module.call("cp_follower_stamp_wheel", [W.f64(seq), W.f64(0), W.f64(1), W.f64(0), W.f64(0)]) == -2
            )
            #expect(try sentence() == "malformed record: a seq is a whole number below 2^53 in size")
        }
        // A pointer kind the engine does not know is stamped, and refused by the engine when drawn,
        // as the session refuses it: the frame is still drawn.
        let stamp = [W.f64(1), W.f64(0), W.i32(0), W.i32(9), W.i32(3), W.f64(.nan), W.f64(10), W.f64(-1e300)]
        #expect(try module.call("cp_follower_stamp_pointer", stamp) == 0)
        #expect(try module.call("cp_follower_draw", [W.f64(4_000_000)]) > 0)
        #expect(try module.call("cp_follower_input") == 24)
    }

    /// The time a call lets pass, in nanoseconds (0 for a call the module refuses).
    static func nanoseconds(of call: EngineCall) -> Double {
        switch call {
        case .advance(let milliseconds) where milliseconds >= 0 && milliseconds <= 10_000:
            (milliseconds * 1e6).rounded()
        case .advanceNanoseconds(let nanoseconds) where nanoseconds >= 0 && nanoseconds <= 1e10:
            nanoseconds.rounded(.towardZero)
        default: 0
        }
    }
}
