import CarouselCore
import PreviewWire

/// A session at rest written down whole, as one journal step: its configuration, the items of its
/// layout, the engine's rest, who watches (hidden or not, with what input), whose finger is quietly
/// ignored, the next client number, its time and its frames' `seq`. A session restored from it
/// sends, step for step, the frames the original sent, so a journal keeps only the latest
/// checkpoint and what followed it, and a recording starts from one.
///
/// A recording's checkpoint may be forged: reading one checks it as strictly as a `configure`
/// (the configuration and items) and the engine checks its rest (see `RestState`); the session
/// checks that the viewers' visibility is what hid the engine.
package struct SessionCheckpoint: Equatable, Sendable {
    package struct Watcher: Equatable, Sendable {
        package var client: Int
        package var isHidden: Bool
        package var input: PointerType?

        package init(client: Int, isHidden: Bool, input: PointerType?) {
            self.client = client
            self.isHidden = isHidden
            self.input = input
        }
    }

    /// Since the session's creation, in the journal's time (not written: a recording's steps count
    /// from their checkpoint).
    package var at: Duration
    /// The session's own time, which frames carry.
    package var time: Duration
    /// Frames sent so far: the next one is `seq + 1`.
    package var seq: Int
    package var config: SessionConfiguration
    package var items: [CatalogItem]
    /// The session's own items (`Session.ownItems`): written only while another set shows, as with
    /// `content: own` they are `items` themselves.
    package var ownItems: [CatalogItem] = []
    package var engine: RestState
    /// The viewers by client number.
    package var viewers: [Watcher]
    /// Viewers whose pointer stream is ignored without a word until they press again.
    package var quietClients: [Int]
    package var nextClient: Int

    package init(
        at: Duration,
        time: Duration,
        seq: Int,
        config: SessionConfiguration,
        items: [CatalogItem],
        ownItems: [CatalogItem] = [],
        engine: RestState,
        viewers: [Watcher],
        quietClients: [Int],
        nextClient: Int
    ) {
        self.at = at
        self.time = time
        self.seq = seq
        self.config = config
        self.items = items
        self.ownItems = ownItems
        self.engine = engine
        self.viewers = viewers
        self.quietClients = quietClients
        self.nextClient = nextClient
    }

    /// The most viewers a checkpoint lists: a forged file's bound, far above the connections a
    /// server holds (1,024 by default).
    static let maximumViewers = 65_536
    /// The largest client number a checkpoint may give out next.
    static let maximumClient = 1_000_000_000

    package var json: JSONValue {
        .object(
            [
                ("time", .string(time.exactText)),
                ("seq", .number(Double(seq))),
                ("preset", .string(config.presetName)),
                ("config", .object(config.changesFromPreset)),
                ("items", .array(items.map(\.json))),
            ] + (ownItems.isEmpty || ownItems == items ? [] : [("ownItems", .array(ownItems.map(\.json)))]) + [
                ("engine", Self.json(engine)),
                (
                    "viewers",
                    .array(
                        viewers.map { viewer in
                            .object(
                                [("client", .number(Double(viewer.client))), ("hidden", .bool(viewer.isHidden))]
                                    + (viewer.input.map { [("input", .string($0.rawValue))] } ?? [])
                            )
                        }
                    )
                ),
                ("quiet", .array(quietClients.map { .number(Double($0)) })),
                ("nextClient", .number(Double(nextClient))),
            ]
        )
    }

    private static func json(_ rest: RestState) -> JSONValue {
        let slots: JSONValue
        switch rest.slots {
        case .ring(let phase): slots = .object([("ring", .number(Double(phase)))])
        case .pool(let pool):
            slots = .object([
                (
                    "pool",
                    .array(
                        pool.map {
                            .object([
                                ("kind", .string($0.kind)), ("card", $0.card.map { .number(Double($0)) } ?? .null),
                            ])
                        }
                    )
                )
            ])
        }
        return .object([
            ("item", .number(Double(rest.index))),
            ("unwrappedItem", .number(Double(rest.unwrappedIndex))),
            ("position", .number(rest.position)),
            ("slots", slots),
            ("pendingTime", .string(rest.pendingTime.exactText)),
            ("autoScrollRemaining", .string(rest.autoScrollRemaining.exactText)),
            ("hidden", .bool(rest.isHidden)),
        ])
    }
}

extension SessionCheckpoint {
    /// Reads a recording's `checkpoint`, naming the first bad member (`checkpoint.engine.item`).
    package init(json: JSONValue) throws(RecordingError) {
        func fail(_ member: String, _ reason: String) -> RecordingError {
            RecordingError("\"checkpoint.\(member)\" \(reason)")
        }
        func whole(_ value: JSONValue?, _ member: String, _ range: ClosedRange<Double>) throws(RecordingError) -> Int {
            guard case .number(let number)? = value, number == number.rounded(), range.contains(number) else {
                throw fail(member, "must be a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            return Int(number)
        }
        func duration(_ value: JSONValue?, _ member: String) throws(RecordingError) -> Duration {
            guard case .string(let text)? = value, let duration = Duration(exactText: text) else {
                throw fail(member, "must be a duration in seconds as text, with up to 18 decimals (\"2.996\")")
            }
            return duration
        }
        guard case .object = json else { throw RecordingError("\"checkpoint\" must be an object") }
        let time = try duration(json["time"], "time")
        let seq = try whole(json["seq"], "seq", 0...9_007_199_254_740_991)
        guard case .string(let preset)? = json["preset"], let presetConfig = SessionConfiguration(preset: preset) else {
            throw fail("preset", "must name a preset: \(Configuration.presetNames.joined(separator: ", "))")
        }
        guard let changes = json["config"], case .object = changes, changes["preset"] == nil else {
            throw fail("config", "must be an object of configuration changes from the preset")
        }
        let config: SessionConfiguration
        do {
            config = try presetConfig.applying(changes)
        } catch {
            throw fail("config", "is not a configuration: \(error.message)")
        }
        let items = try CatalogItem.recorded(json["items"], field: "checkpoint.items")
        // Older checkpoints carry none: their own items, if any, are the ones shown.
        let ownItems =
            try json["ownItems"].map { value throws(RecordingError) in
                try CatalogItem.recorded(value, field: "checkpoint.ownItems")
            } ?? (config.configuration.content == .own ? items : [])
        let engine = try Self.rest(json["engine"], whole: whole, duration: duration, fail: fail)
        let nextClient = try whole(json["nextClient"], "nextClient", 1...Double(Self.maximumClient))
        guard case .array(let viewerValues)? = json["viewers"], viewerValues.count <= Self.maximumViewers else {
            throw fail("viewers", "must be an array of at most \(Self.maximumViewers) viewers")
        }
        var viewers: [Watcher] = []
        for (index, value) in viewerValues.enumerated() {
            let member = "viewers[\(index)]"
            let client = try whole(value["client"], "\(member).client", 1...Double(Self.maximumClient))
            let previous = viewers.last?.client ?? 0
            guard nextClient > client, client > previous else {
                throw fail("\(member).client", "must be below nextClient and above the viewer before it")
            }
            guard case .bool(let hidden)? = value["hidden"] else {
                throw fail("\(member).hidden", "must be true or false")
            }
            var input: PointerType?
            if let inputValue = value["input"] {
                guard case .string(let name) = inputValue, let type = PointerType(rawValue: name) else {
                    throw fail("\(member).input", "must be mouse, touch or pen")
                }
                input = type
            }
            viewers.append(Watcher(client: client, isHidden: hidden, input: input))
        }
        guard case .array(let quietValues)? = json["quiet"] else { throw fail("quiet", "must be an array of clients") }
        var quiet: [Int] = []
        for (index, value) in quietValues.enumerated() {
            let client = try whole(value, "quiet[\(index)]", 1...Double(Self.maximumClient))
            guard client > (quiet.last ?? 0), viewers.contains(where: { $0.client == client }) else {
                throw fail("quiet[\(index)]", "must be a viewer's client, in increasing order")
            }
            quiet.append(client)
        }
        self.init(
            at: .zero,
            time: time,
            seq: seq,
            config: config,
            items: items,
            ownItems: ownItems,
            engine: engine,
            viewers: viewers,
            quietClients: quiet,
            nextClient: nextClient
        )
    }

    private static func rest(
        _ json: JSONValue?,
        whole: (JSONValue?, String, ClosedRange<Double>) throws(RecordingError) -> Int,
        duration: (JSONValue?, String) throws(RecordingError) -> Duration,
        fail: (String, String) -> RecordingError
    ) throws(RecordingError) -> RestState {
        guard let json, case .object = json else { throw fail("engine", "must be an object") }
        let limit = Double(RestState.unwrappedLimit)
        let index = try whole(json["item"], "engine.item", 0...Double(CatalogItem.maximumCount))
        let unwrapped = try whole(json["unwrappedItem"], "engine.unwrappedItem", -limit...limit)
        guard case .number(let position)? = json["position"] else {
            throw fail("engine.position", "must be a number")
        }
        let slots: RestState.Slots
        if let ring = json["slots"]?["ring"] {
            slots = .ring(phase: try whole(ring, "engine.slots.ring", 0...1_000_000))
        } else if case .array(let values)? = json["slots"]?["pool"], values.count <= RestState.pooledSlotLimit {
            var pool: [RestState.PooledSlot] = []
            for (offset, value) in values.enumerated() {
                guard case .string(let kind)? = value["kind"], kind.utf8.count <= CatalogItem.maximumFieldLength else {
                    throw fail("engine.slots.pool[\(offset)].kind", "must be an item kind")
                }
                var card: Int?
                if value["card"] != .null {
                    card = try whole(
                        value["card"],
                        "engine.slots.pool[\(offset)].card",
                        0...Double(CatalogItem.maximumCount)
                    )
                }
                pool.append(RestState.PooledSlot(kind: kind, card: card))
            }
            slots = .pool(pool)
        } else {
            throw fail(
                "engine.slots",
                "must be {\"ring\": phase} or {\"pool\": [{kind, card}]} of at most \(RestState.pooledSlotLimit)"
            )
        }
        guard case .bool(let hidden)? = json["hidden"] else { throw fail("engine.hidden", "must be true or false") }
        return RestState(
            index: index,
            unwrappedIndex: Int64(unwrapped),
            position: position,
            slots: slots,
            pendingTime: try duration(json["pendingTime"], "engine.pendingTime"),
            autoScrollRemaining: try duration(json["autoScrollRemaining"], "engine.autoScrollRemaining"),
            isHidden: hidden
        )
    }
}
