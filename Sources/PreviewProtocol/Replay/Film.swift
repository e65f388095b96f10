import CarouselCore
import PreviewWire

/// A recording as pictures to draw: the session every fifth 4 ms engine step (every 20 ms, 50 a
/// second, a delay that GIF's 10 ms and WebP's 1 ms units both hold exactly), with the items its
/// slots show and the recorded fingers. `Film(recording:)` makes one; a renderer draws it.
public struct Film: Equatable, Sendable {
    /// One picture every this long: five engine steps.
    public static let frameInterval = Duration.milliseconds(20)
    /// The most pictures a film holds: a minute at 50 a second. A recording may span ten minutes,
    /// and each picture costs a renderer milliseconds, so a longer one is refused (a hostile
    /// recording cannot make a render run for long).
    public static let maximumFrames = 3_000

    /// The pictures, 20 ms apart.
    public var frames: [FilmFrame]
    /// The largest viewport any picture shows, in points: the film's size.
    public var width: Double
    public var height: Double

    public init(frames: [FilmFrame], width: Double, height: Double) {
        self.frames = frames
        self.width = width
        self.height = height
    }
}

/// The session at one instant of a film.
public struct FilmFrame: Equatable, Sendable {
    /// Session time from the recording's start.
    public var time: Duration
    public var phase: Phase
    /// The viewport the carousel had then, in points.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// The slots that show an item, in the engine's order.
    public var slots: [FilmSlot]
    /// The recorded fingers on the carousel then, by client.
    public var fingers: [FilmFinger]
    /// How the items were drawn then (a `configure` may change it during a recording).
    public var look: ItemLook

    public init(
        time: Duration,
        phase: Phase,
        viewportWidth: Double,
        viewportHeight: Double,
        slots: [FilmSlot],
        fingers: [FilmFinger],
        look: ItemLook = ItemLook()
    ) {
        self.time = time
        self.phase = phase
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.slots = slots
        self.fingers = fingers
        self.look = look
    }
}

/// One slot of a picture: its layout (as the engine's frame gives it) and the item it shows.
public struct FilmSlot: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The cross-axis scale about the slot's centre line.
    public var scale: Double
    public var axis: Configuration.Axis
    public var item: CatalogItem

    public init(
        x: Double,
        y: Double,
        width: Double,
        height: Double,
        scale: Double,
        axis: Configuration.Axis,
        item: CatalogItem
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scale = scale
        self.axis = axis
        self.item = item
    }
}

/// Where a recorded finger was: pressed, or just lifted (drawn fainter for a moment, so a flick's
/// release shows).
public struct FilmFinger: Equatable, Sendable {
    public var client: Int
    public var x: Double
    public var y: Double
    public var isLifted: Bool

    public init(client: Int, x: Double, y: Double, isLifted: Bool) {
        self.client = client
        self.x = x
        self.y = y
        self.isLifted = isLifted
    }
}
