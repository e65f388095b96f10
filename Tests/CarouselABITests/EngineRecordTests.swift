import CarouselABI
import CarouselCore
import Testing

@Suite("The engine module's records: configurations, items and frames as fixed binary layouts")
struct EngineRecordTests {
    @Test("every preset's configuration survives a record unchanged", arguments: Configuration.presetNames)
    func presetRoundTrip(name: String) throws {
        var configuration = Configuration.preset(named: name)!
        configuration.itemThickness = 120
        configuration.autoScrollInterval = Duration(milliseconds: 2_500.25)
        configuration.imageFit = .contain
        configuration.cornerRadius = 7.25
        #expect(try ConfigurationRecord.decode(ConfigurationRecord.encode(configuration)) == configuration)
    }

    @Test("a record that is short, long, or names a case, flag or count the engine lacks is refused, naming the field")
    func hostileConfigurationRecords() {
        let record = ConfigurationRecord.encode(.banner)
        #expect(throws: ABIError.truncated) { try ConfigurationRecord.decode(Array(record.dropLast())) }
        #expect(throws: ABIError.truncated) { try ConfigurationRecord.decode([]) }
        #expect(throws: ABIError.tooLarge("a configuration record is 216 bytes")) {
            try ConfigurationRecord.decode(record + [0])
        }
        for (field, value, reason) in [
            ("axis", 2.0, "axis must be a case number from 0 to 1"),
            ("layout", 0.5, "layout must be a whole number"),
            ("isLooping", 2, "isLooping must be 0 or 1"),
            ("itemLength", -0.5, "itemLength's flag must be 0 or 1"),
            ("itemsPerPage", 3e9, "itemsPerPage must be a whole number"),
            ("maxItemsPerFlick", .nan, "maxItemsPerFlick must be a whole number"),
            ("autoScrollInterval", .infinity, "autoScrollInterval must be a finite number"),
            ("content", -1, "content must be a case number from 0 to 4"),
            ("imageFit", 2, "imageFit must be a case number from 0 to 1"),
        ] {
            #expect(throws: ABIError.malformed(reason)) {
                try ConfigurationRecord.decode(Self.write(value, at: field, in: record))
            }
        }
        // Values the engine's own rules refuse come back as its own refusal.
        for (field, value) in [
            ("decelerationRate", 1.0), ("spacing", -0.0 - 1), ("viewportWidth", .nan), ("itemsPerPage", 65),
            ("cornerRadius", 200.5), ("cornerRadius", -1), ("cornerRadius", .infinity),
        ] {
            #expect(throws: ABIError.self) { try ConfigurationRecord.decode(Self.write(value, at: field, in: record)) }
            if case .refused(.invalidConfiguration)? = Self.error(decoding: Self.write(value, at: field, in: record)) {
            } else {
                Issue.record("\(field) = \(value) was not refused by the engine's validation")
            }
        }
    }

    @Test("items survive a record; too many, too long, not UTF-8, trailing bytes or a bad flag are refused")
    func itemsRecords() throws {
        let items = [
            CarouselItem(id: "a", length: 320, kind: "card"), CarouselItem(id: "بطاقة", length: nil, kind: "wide"),
        ]
        #expect(try ItemsRecord.decode(ItemsRecord.encode(items)) == items)
        #expect(try ItemsRecord.decode(ItemsRecord.encode([])) == [])
        let many = (0...ItemsRecord.maximumCount).map { CarouselItem(id: "\($0)") }
        #expect(throws: ABIError.tooLarge("at most 1000 items")) { try ItemsRecord.decode(ItemsRecord.encode(many)) }
        let long = CarouselItem(id: String(repeating: "x", count: ItemsRecord.maximumTextBytes + 1))
        #expect(throws: ABIError.tooLarge("an identifier or kind is at most 512 bytes")) {
            try ItemsRecord.decode(ItemsRecord.encode([long]))
        }
        var notText = ItemsRecord.encode([CarouselItem(id: "ab")])
        notText[8] = 0xFF
        #expect(throws: ABIError.malformed("text is not UTF-8")) { try ItemsRecord.decode(notText) }
        #expect(throws: ABIError.tooLarge("bytes after the last item")) {
            try ItemsRecord.decode(ItemsRecord.encode(items) + [0])
        }
        #expect(throws: ABIError.truncated) { try ItemsRecord.decode(Array(ItemsRecord.encode(items).dropLast())) }
        #expect(throws: ABIError.truncated) { try ItemsRecord.decode([2, 0, 0, 0]) }
    }

    @Test("a frame's record puts each member where the layout says")
    func frameLayout() throws {
        var host = EngineHost()
        #expect(host.setConfiguration(ConfigurationRecord.encode(.cards)) == 0)
        let items = [
            CarouselItem(id: "a", length: 500, kind: "tall"), CarouselItem(id: "b", length: 300, kind: "short"),
        ]
        #expect(host.setItems(ItemsRecord.encode(items)) == 0)
        #expect(host.start() == 0)
        #expect(host.command(kind: 2, index: 1, animated: 1) == 0)
        #expect(host.advance(milliseconds: 40) == 0)
        let frame = host.engine!.frame
        let taken = host.takeFrame()
        let record = try #require(taken)
        func int32(_ offset: Int) -> Int32 {
            Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(record[offset + $1]) << (8 * UInt32($1)) })
        }
        func double(_ offset: Int) -> Double {
            Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(record[offset + $1]) << (8 * UInt64($1)) })
        }
        #expect(Int(int32(0)) == record.count)
        #expect(int32(4) == Int32(frame.currentIndex) && int32(8) == 2 && int32(12) == 2)
        #expect(double(16) == frame.position && double(24) == frame.contentOffset && double(32) == frame.velocity)
        #expect(int32(40) == 1 && double(48) == frame.target?.contentOffset)
        #expect(int32(68) == Int32(frame.slots.count))
        for (index, slot) in frame.slots.enumerated() {
            let base = FrameRecord.headByteCount + index * FrameRecord.slotByteCount
            #expect(int32(base) == Int32(slot.id) && int32(base + 4) == Int32(slot.itemIndex ?? -1))
            #expect(int32(base + 8) == Int32(slot.kind.flatMap { host.kinds.firstIndex(of: $0) } ?? -1))
            #expect(double(base + 16) == slot.x && double(base + 24) == slot.y && double(base + 48) == slot.scale)
        }
        let events = FrameRecord.headByteCount + frame.slots.count * FrameRecord.slotByteCount
        #expect(int32(88) == Int32(frame.events.count) && record.count == events + frame.events.count * 12)
    }

    @Test("calls before a start, bad kinds and refused inputs return their codes and change nothing")
    func statuses() {
        var host = EngineHost()
        #expect(host.pointer(kind: 0, pointerID: 1, x: 0, y: 0, timestamp: 0) == ABIError.notStarted.status)
        #expect(host.takeFrame() == nil && host.lastError == .notStarted)
        #expect(host.setItems(ItemsRecord.encode([CarouselItem(id: "a"), CarouselItem(id: "b")])) == 0)
        #expect(host.start() == 0)
        let before = host.engine
        #expect(host.pointer(kind: 4, pointerID: 1, x: 0, y: 0, timestamp: 0) == -2)
        #expect(host.pointer(kind: 0, pointerID: 1, x: .nan, y: 0, timestamp: 0) == -5)
        #expect(host.wheel(deltaX: .infinity, deltaY: 0, timestamp: 0) == -5)
        #expect(host.command(kind: 2, index: 2, animated: 0) == -5)
        #expect(host.command(kind: 9, index: 0, animated: 0) == -2)
        #expect(host.advance(milliseconds: -0.001) == -2 && host.advance(milliseconds: .nan) == -2)
        #expect(host.advance(milliseconds: Duration.maximumAdvanceMilliseconds + 1) == -2)
        #expect(host.engine == before)
        #expect(host.setItems(ItemsRecord.encode([CarouselItem(id: "a"), CarouselItem(id: "a")])) == -5)
        #expect(host.lastError?.message == #"items must have unique ids; "a" appears more than once"#)
        #expect(host.engine == before && host.items.count == 2)
        #expect(host.advance(milliseconds: Duration.maximumAdvanceMilliseconds) == 0 && host.lastError == nil)
    }

    static func write(_ value: Double, at field: String, in record: [UInt8]) -> [UInt8] {
        var record = record
        // Each optional field before this one takes a second double.
        let position = ConfigurationRecord.fields.firstIndex(of: field)!
        let optionalBefore = ConfigurationRecord.fields[..<position].filter(ConfigurationRecord.optionalFields.contains)
            .count
        let offset = (position + optionalBefore) * 8
        for index in 0..<8 {
            record[offset + index] = UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64(index)))
        }
        return record
    }

    static func error(decoding record: [UInt8]) -> ABIError? {
        do {
            _ = try ConfigurationRecord.decode(record)
            return nil
        } catch {
            return error
        }
    }
}

@Suite("The engine module's rest-state record: a checkpoint's engine, to start from")
struct RestStateRecordTests {
    static func restState(preset: String, items: [CarouselItem], moves: Int) -> RestState {
        var engine = try! Engine(configuration: Configuration.preset(named: preset)!, items: items)
        for _ in 0..<moves { _ = try! engine.handle(.command(.next)) }
        engine.advance(by: .seconds(3))
        _ = engine.takeFrame()
        return engine.restState!
    }

    @Test("a loop's ring and a card feed's pool survive a record, and restore the same engine")
    func roundTrip() throws {
        let banners = (0..<5).map { CarouselItem(id: "b\($0)") }
        let cards = (0..<9).map { (index: Int) -> CarouselItem in
            let length = Double(200 + 40 * index)
            return CarouselItem(id: "c\(index)", length: length, kind: index % 2 == 0 ? "tall" : "قصير")
        }
        for (preset, items) in [("banner", banners), ("strip", banners), ("cards", cards)] {
            let state = Self.restState(preset: preset, items: items, moves: 7)
            #expect(try RestStateRecord.decode(RestStateRecord.encode(state)) == state, "\(preset)")
            var host = EngineHost()
            #expect(host.setConfiguration(ConfigurationRecord.encode(Configuration.preset(named: preset)!)) == 0)
            #expect(host.setItems(ItemsRecord.encode(items)) == 0)
            #expect(host.restore(RestStateRecord.encode(state)) == 0, "\(host.lastError?.message ?? "")")
            #expect(host.engine?.restState == state, "\(preset)")
        }
    }

    @Test("a short, long or impossible record is refused and the engine stays as it was")
    func refusals() {
        let banners = (0..<5).map { CarouselItem(id: "b\($0)") }
        let record = RestStateRecord.encode(Self.restState(preset: "banner", items: banners, moves: 2))
        var host = EngineHost()
        #expect(host.setItems(ItemsRecord.encode(banners)) == 0)
        #expect(host.start() == 0)
        let before = host.engine
        #expect(host.restore(Array(record.dropLast())) == ABIError.truncated.status)
        #expect(host.restore(record + [0]) == -3)
        var badSlots = record
        badSlots[56] = 7  // the slots' kind, after 4 + 8 + 8 + 16 + 16 + 4 bytes
        #expect(host.restore(badSlots) == -2 && host.lastError == .malformed("the slots are 0 (a ring) or 1 (a pool)"))
        var badAttoseconds = record
        for offset in 28..<36 { badAttoseconds[offset] = 0xFF }  // the clock remainder's attoseconds: -1
        #expect(host.restore(badAttoseconds) == -2)
        var farItem = record
        farItem[0] = 9  // item 9 of 5
        #expect(host.restore(farItem) == -5)
        #expect(host.lastError?.message.hasPrefix("invalid rest state") == true)
        #expect(host.engine == before)
    }
}
