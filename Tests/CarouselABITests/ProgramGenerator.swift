import CarouselABI
import CarouselCore
import TestSupport

/// Seeded random programs for the engine module: every preset, settings changed one at a time and
/// in bulk (both directions and axes, free scroll, pages of several items, auto-scroll), drags,
/// flicks caught mid-flight, wheel swipes, commands, new items and configurations mid-motion,
/// hidden and shown, and now and then a number at an edge (0, -0, subnormal, 1e-307, a protocol
/// limit, beyond it, NaN, infinity) or a timestamp that repeats, jumps or goes back.
struct ProgramGenerator {
    private var random: SeededGenerator
    private var now = 0.0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let edges: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-307, -1e-307, 1, -1, 0.5,
        1_000_000, -1_000_000, 1_000_000.000_000_1, 1e15, -1e15, 1.000_000_000_000_1e15,
        .greatestFiniteMagnitude, .nan, .infinity, -.infinity,
    ]

    mutating func program(length: Int) -> [ProgramStep] {
        now = Double(Int.random(in: 0...100_000, using: &random))
        var steps: [ProgramStep] = [.configuration(configurationRecord()), .items(itemsRecord()), .start, .frame].map(
            ProgramStep.call
        )
        while steps.count < length {
            steps += nextStretch()
            steps.append(.call(.frame))
        }
        return steps
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    /// `typical` most of the time, an edge now and then.
    private mutating func number(_ typical: Double) -> Double {
        chance(0.03) ? Self.edges.randomElement(using: &random)! : typical
    }

    private mutating func nextStretch() -> [ProgramStep] {
        if chance(0.05) { return checkpoint() }
        return nextCalls().map(ProgramStep.call)
    }

    private mutating func nextCalls() -> [EngineCall] {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<7: return drag()
        case 7..<9: return wheelSwipe()
        case 9..<11:
            let kind = Int32.random(in: 0...3, using: &random)
            let index =
                chance(0.1) ? Int32.random(in: -3...2000, using: &random) : Int32.random(in: 0...12, using: &random)
            return [
                .command(kind: chance(0.02) ? 7 : kind, index: index, animated: Int32.random(in: 0...1, using: &random))
            ]
        case 11..<13: return [.configuration(configurationRecord())]
        case 13: return [.items(itemsRecord())]
        case 14: return [.visibility(Int32.random(in: 0...1, using: &random))]
        // A new layout is a new engine: dropped, then made of new records (before them, calls refuse).
        case 15:
            return chance(0.5)
                ? [.start] : [.reset, .frame, .configuration(configurationRecord()), .items(itemsRecord()), .start]
        default: return wait()
        }
    }

    /// A pause long enough to settle, then both engines restart from the native one's rest state
    /// (now and then with a byte overwritten), as a page would join a session from its checkpoint.
    private mutating func checkpoint() -> [ProgramStep] {
        var damage: [(offset: Int, byte: UInt8)] = []
        if chance(0.25) {
            damage.append((Int.random(in: 0..<60, using: &random), UInt8.random(in: 0...255, using: &random)))
        }
        now += 5_000
        return [.call(.advance(milliseconds: 5_000)), .call(.frame), .checkpoint(damage: damage)]
    }

    private mutating func wait() -> [EngineCall] {
        let milliseconds: Double =
            switch Int.random(in: 0..<10, using: &random) {
            case 0: Double.random(in: 0..<1, using: &random)
            case 1: Double.random(in: 1_000...20_000, using: &random)
            case 2: chance(0.2) ? 10_000.5 : 10_000
            default: Double(Int.random(in: 1...40, using: &random) * 4) + (chance(0.3) ? 0.5 : 0)
            }
        let advance = number(milliseconds)
        if advance > 0, advance <= Duration.maximumAdvanceMilliseconds { now += advance }
        return chance(0.2) ? [.advanceNanoseconds(nanoseconds(advance))] : [.advance(milliseconds: advance)]
    }

    /// Down, moves every 4 to 20 ms at a speed between a crawl and a hard flick, up or cancel,
    /// sometimes a glide before the finger catches it again.
    private mutating func drag() -> [EngineCall] {
        let id = chance(0.1) ? Int32.random(in: -2...3, using: &random) : 1
        var x = Double.random(in: 0...375, using: &random)
        var y = Double.random(in: 0...600, using: &random)
        let speed = Double.random(in: -8...8, using: &random)  // points per millisecond
        let vertical = chance(0.3)
        var calls: [EngineCall] = [.pointer(kind: 0, id: id, x: number(x), y: y, t: timestamp())]
        for _ in 0..<Int.random(in: 0...24, using: &random) {
            let step = Double(Int.random(in: 4...20, using: &random))
            now += step
            calls.append(.advance(milliseconds: step))
            if vertical { y += speed * step } else { x += speed * step }
            calls.append(.pointer(kind: 1, id: id, x: number(x), y: number(y), t: timestamp()))
            if chance(0.2) { calls.append(.frame) }
        }
        calls.append(.pointer(kind: chance(0.08) ? 3 : 2, id: id, x: x, y: y, t: timestamp()))
        if chance(0.3) {
            let glide = Double(Int.random(in: 20...300, using: &random))
            now += glide
            calls += [.advance(milliseconds: glide), .frame]
        }
        return calls
    }

    private mutating func wheelSwipe() -> [EngineCall] {
        var calls: [EngineCall] = []
        let delta = Double.random(in: -120...120, using: &random)
        for _ in 0..<Int.random(in: 1...30, using: &random) {
            let step = Double(Int.random(in: 8...17, using: &random))
            now += step
            calls.append(.advance(milliseconds: step))
            calls.append(.wheel(dx: number(delta), dy: number(delta / 3), t: timestamp()))
        }
        return calls
    }

    /// `milliseconds` as a live clock's nanoseconds, or now and then a count the module refuses
    /// (a fraction, or past the bound).
    private mutating func nanoseconds(_ milliseconds: Double) -> Double {
        if chance(0.05) { return [0.5, 1e10 + 1, -1, 1e300].randomElement(using: &random)! }
        return (milliseconds * 1e6).rounded()
    }

    /// The clock's time, or now and then one that repeats, jumps or goes back.
    private mutating func timestamp() -> Double {
        switch Int.random(in: 0..<40, using: &random) {
        case 0: return now - Double.random(in: 1...500, using: &random)
        case 1: return now + Double.random(in: 1_000...100_000, using: &random)
        case 2: return Self.edges.randomElement(using: &random)!
        default: return now
        }
    }

    private mutating func configurationRecord() -> [UInt8] {
        let name = Configuration.presetNames.randomElement(using: &random)!
        var c = Configuration.preset(named: name)!
        for _ in 0..<Int.random(in: 0...4, using: &random) { change(&c) }
        var record = ConfigurationRecord.encode(c)
        if chance(0.03) { record.removeLast(Int.random(in: 1...8, using: &random)) }
        if chance(0.02) { record.append(0) }
        if chance(0.03) {
            // A case, flag or count the engine does not know, written over one field.
            let field = Int.random(in: 0..<ConfigurationRecord.byteCount / 8, using: &random)
            let value = [2.5, 9, -1, Double.nan, 3e9].randomElement(using: &random)!
            let bits = value.bitPattern
            for index in 0..<8 where field * 8 + index < record.count {
                record[field * 8 + index] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index)))
            }
        }
        return record
    }

    private mutating func change(_ c: inout Configuration) {
        switch Int.random(in: 0..<16, using: &random) {
        case 0: c.axis = chance(0.5) ? .horizontal : .vertical
        case 1: c.layoutDirection = chance(0.5) ? .ltr : .rtl
        case 2: c.snapping = chance(0.5) ? .item : .free
        case 3: c.itemsPerPage = Int.random(in: 1...4, using: &random)
        case 4: c.alignment = Configuration.Alignment.allCases.randomElement(using: &random)!
        case 5: c.isLooping.toggle()
        case 6: c.decelerationRate = number([0.99, 0.998, 0.95, 0.9999].randomElement(using: &random)!)
        case 7: c.sideScale = number(Double.random(in: 0.5...1, using: &random))
        case 8: c.spacing = number(Double.random(in: 0...40, using: &random))
        case 9: c.inset = number(Double.random(in: 0...60, using: &random))
        case 10: c.itemLength = chance(0.5) ? nil : number(Double.random(in: 40...300, using: &random))
        case 11: c.maxItemsPerFlick = Int.random(in: 0...21, using: &random)
        case 12: c.springAngularFrequency = number(Double.random(in: 5...60, using: &random))
        case 13: c.rubberBandCoefficient = number(Double.random(in: 0.1...2, using: &random))
        case 14:
            c.isAutoScrollEnabled.toggle()
            c.autoScrollInterval = Duration(milliseconds: Double(Int.random(in: 1...5_000, using: &random)))
        default:
            c.viewportWidth = number(Double(Int.random(in: 200...1200, using: &random)))
            c.viewportHeight = number(Double(Int.random(in: 120...900, using: &random)))
        }
    }

    private mutating func itemsRecord() -> [UInt8] {
        let count = chance(0.02) ? 1000 : [0, 1, 2, 3, 5, 8, 12, 30].randomElement(using: &random)!
        let kinds = ["card", "wide", "قصة"]
        var items: [CarouselItem] = []
        for index in 0..<count {
            let id = chance(0.01) ? "item-0" : "item-\(index)"
            let length = chance(0.7) ? Double(Int.random(in: 40...1500, using: &random)) : nil
            items.append(
                CarouselItem(id: id, length: length.map { number($0) }, kind: kinds.randomElement(using: &random)!)
            )
        }
        var record = ItemsRecord.encode(items)
        if chance(0.03), !record.isEmpty { record.removeLast() }
        return record
    }
}
