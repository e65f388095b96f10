import CarouselCore
import PreviewMedia
import PreviewRecording
import PreviewWire

/// One shared carousel: its engine, catalog and viewers, and the rules of protocol v1 for them.
/// A pure state machine: it is told the time and returns what to deliver. It wires parts that
/// each keep one concern: who watches (`SessionMembership`), whose finger owns the drag
/// (`GestureOwnership`), the frames sent (`FrameStream`), a `configure` (`Reconfiguration`),
/// recording (`SessionRecorder`), and every step taken with the last gesture (`SessionJournal`).
/// Its aspects are in `Session+Viewers` (join, leave), `Session+Messages` (what a message does),
/// `Session+Recording` (checkpoints, recording, the last gesture), `Session+Time` (catching up,
/// ticks, frames) and `Session+Lifetime` (linger, the next tick); its state is theirs to keep,
/// and only the hub, through these, changes it.
package struct Session {
    /// What the session started from: its name, clock, preset, link setup and catalogs.
    let origin: SessionOrigin
    /// The server process the session lives in, for the welcome.
    let server: ServerIdentity
    /// The hub time the session was created at: the journal counts from here.
    let createdAt: Duration
    /// Every step since the latest checkpoint, for recordings and the replay of the last gesture.
    var journal: SessionJournal
    var recorder = SessionRecorder()
    var members = SessionMembership()
    var ownership = GestureOwnership()
    var frames = FrameStream()
    var config: SessionConfiguration
    /// The carousel's named variants, which no replay or checkpoint touches: they are the
    /// designers' versions, not the carousel's state.
    var variants = VariantShelf()
    var catalog: [CatalogItem]
    /// The items viewers gave the session, its own content set: kept while a bundled set shows, so
    /// picking banners and coming back to `own` brings them back, and counts cycle all of them.
    var ownItems: [CatalogItem]
    /// The images viewers uploaded, which the items' `media:` images name.
    var media = MediaLibrary()
    var engine: Engine
    /// The session's own time: the sum of every step it took.
    var time = Duration.zero
    /// The hub time the live clock last caught up to.
    var lastStep: Duration
    /// Frames refused because a number in them was not finite. The engine is total, so this stays 0
    /// (the property tests and the sequence fuzzer check it); were it not, viewers would get a
    /// fresh engine on the current item instead of `null` positions.
    var refusedFrames = 0
    /// A recording plays in the session's place: no checkpoint is written meanwhile, so the
    /// journal's next one shows the session's own state after the replay's `resync`.
    var isShowingReplay = false
    /// Every call a page's engine module would take to go through what `engine` goes through, from
    /// when `startEngineTrace` was called; `nil`, and free, otherwise.
    var engineTrace: EngineTrace?
    /// What the pages that run the engine get in place of frames.
    var stream: EngineStream
    /// The engine where the stream last stood: what a stamped input goes back to (`Session+Rewind`).
    var rewindPoint: RewindPoint
    /// The engine at the latest grid time passed since the last change (`Session+Rewind`): the
    /// rewind point once the next grid time is passed.
    var rewindStop: RewindPoint?
    /// While a stamped input is given at its time: how far behind the session the engine stands.
    var rewound: Duration?
    /// The last message with a `seq` a viewer sent since the last batch: the next batch names it.
    var streamAnswer: AppliedInput?
    /// The session time of the first change the stream holds for the pages that follow (its
    /// `EngineStream.hold` runs from here); `nil` while it holds none.
    var streamHeldSince: Duration?
    /// The viewers whose pages follow the engine stream: with none, nothing is held for them.
    var streamFollowers: Set<Int> = []
    /// The session time of the last stamped input: until `restKeptOpen` after it, the session
    /// takes no checkpoint (its stream would write the time since, and an input stamped before that
    /// could no longer go back: a wheel rests between its events).
    var lastStampedInput: Duration?
    /// When the engine last came to rest (`nil` while it moves): a session that has had stamped
    /// inputs waits `restKeptOpen` into a rest before its checkpoint, as a page's finger may have
    /// gone down, stamped before the checkpoint, while the news was on its way.
    var restBegan: Duration?
    /// The frame grid's next tick, while no viewer draws frames and the ticks are owed.
    var owedTicks: OwedTicks?
    /// The hub's next wake for this session, while its ticks are owed, is for the heartbeat alone.
    var wakesForTimeAlone = false
    /// When the viewers list last went to everyone (hub time), and whether a change since waits for
    /// its turn (`Session+ViewerList`).
    var viewersListSentAt: Duration?
    var isViewersListOwed = false

    var name: String { origin.name }

    /// The session's own items as a viewer would take them away: those shown while `content` is
    /// `own` (counted as the carousel shows them), else the ones kept.
    var ownItemsToCopy: [CatalogItem] { config.configuration.content == .own ? catalog : ownItems }

    /// Every item whose image the session must keep: those shown and its own, shown or not.
    var itemsHoldingImages: [CatalogItem] { catalog + ownItems }
    var clock: ClockKind { origin.clock }

    /// A session of `config`, showing the catalog of its layout from `catalogs`, cycled to
    /// `itemCount` items when one is given (or showing `ownItems`, another session's, with their
    /// images), at rest on `startItem` (the last item when it has fewer) or the first.
    init(
        name: String,
        clock: ClockKind,
        config: SessionConfiguration,
        itemCount: Int? = nil,
        startItem: Int? = nil,
        catalogs: ItemCatalogs,
        ownItems: OwnItems? = nil,
        server: ServerIdentity = ServerIdentity(instance: "replay"),
        now: Duration
    ) throws {
        let changes = config.changesFromPreset
        origin = SessionOrigin(
            name: name,
            clock: clock,
            preset: config.presetName,
            setup: changes.isEmpty && itemCount == nil && startItem == nil
                ? nil : SessionSetup(changes: changes, itemCount: itemCount, startItem: startItem),
            catalogs: catalogs
        )
        self.server = server
        createdAt = now
        self.config = config
        // The set the configuration names (a session starts with no items of its own).
        let layoutCatalog =
            catalogs.catalog(for: config.configuration.content) ?? catalogs.catalog(for: config.configuration.layout)
        catalog = ownItems?.items ?? itemCount.map { CatalogItem.cycled(layoutCatalog, count: $0) } ?? layoutCatalog
        self.ownItems = ownItems?.items ?? []
        media = ownItems?.media ?? MediaLibrary()
        engine = try makePagingEngine(configuration: config.configuration, items: catalog.map(\.engineItem))
        if let startItem, !catalog.isEmpty {
            try engine.handle(.command(.go(to: min(startItem, catalog.count - 1), animated: false)))
            // The session starts there: it did not move there, so its first frame tells of no change.
            _ = engine.takeFrame()
        }
        lastStep = now
        // Nobody watches yet: auto-scroll waits for the first viewer.
        try engine.handle(.visibility(isHidden: true))
        stream = EngineStream(startingFrom: engine)
        rewindPoint = RewindPoint(engine: engine, time: .zero)
        journal = SessionJournal(
            base: SessionCheckpoint(
                at: .zero,
                time: .zero,
                seq: 0,
                config: config,
                items: catalog,
                ownItems: self.ownItems,
                engine: engine.restState!,
                viewers: [],
                quietClients: [],
                nextClient: 1
            )
        )
    }

    /// A session restored from `checkpoint`, created at 0 (a recording's steps count from their
    /// checkpoint): it sends what the session that wrote the checkpoint sent after it.
    /// - Throws: `RecordingError` when no session could have written the checkpoint.
    init(
        restoring checkpoint: SessionCheckpoint,
        name: String,
        clock: ClockKind,
        catalogs: ItemCatalogs
    ) throws(RecordingError) {
        origin = SessionOrigin(
            name: name,
            clock: clock,
            preset: checkpoint.config.presetName,
            setup: nil,
            catalogs: catalogs
        )
        server = ServerIdentity(instance: "replay")
        createdAt = .zero
        lastStep = .zero
        config = checkpoint.config
        catalog = checkpoint.items
        ownItems = checkpoint.ownItems
        do {
            engine = try makePagingEngine(
                configuration: config.configuration,
                items: catalog.map(\.engineItem),
                restingAt: checkpoint.engine
            )
        } catch {
            throw RecordingError("\"checkpoint.engine\" is not a rest of this carousel: \(error)")
        }
        members = SessionMembership(restoring: checkpoint.viewers, nextClient: checkpoint.nextClient)
        guard checkpoint.engine.isHidden == members.isEveryoneHidden else {
            throw RecordingError("\"checkpoint.engine.hidden\" must be true exactly when no viewer shows the carousel")
        }
        ownership = GestureOwnership(quiet: checkpoint.quietClients)
        frames = FrameStream(seq: checkpoint.seq, shown: engine.frame)
        stream = EngineStream(startingFrom: engine)
        rewindPoint = RewindPoint(engine: engine, time: checkpoint.time, framesSent: checkpoint.seq)
        time = checkpoint.time
        var base = checkpoint
        base.at = .zero
        journal = SessionJournal(base: base)
    }

    /// Whether a viewer ever touched the carousel (dragged, scrolled, pressed a control, changed
    /// the configuration, recorded or replayed): a session nobody touched holds nothing to return to.
    var hasHadInput = false

    /// Notes an input the hub handles itself (a replay), which touches the session as any does.
    mutating func noteTouched() {
        hasHadInput = true
    }

}
