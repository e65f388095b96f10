/// An engine at rest as the few values that make it beyond its configuration and items: what a
/// session writes into a checkpoint, and what a replay restores the engine from, exactly, so the
/// restored engine sends the frames the original sent from then on, bit for bit.
///
/// Only a resting engine has one (no finger, no motion, no event waiting to be taken): a motion
/// would need the spring's and the finger's history, which a replay rebuilds from steps instead.
public struct RestState: Equatable, Sendable {
    /// A slot view of the card feed's pool: the kind it was made for and the card it shows.
    public struct PooledSlot: Equatable, Sendable {
        public var kind: String
        public var card: Int?

        public init(kind: String, card: Int?) {
            self.kind = kind
            self.card = card
        }
    }

    /// Which slot view shows which item.
    public enum Slots: Equatable, Sendable {
        /// The banner engine's ring: the slot of the current item (the others follow from it).
        case ring(phase: Int)
        /// The card feed's pool, by slot id: every slot ever made, with its kind and card.
        case pool([PooledSlot])
    }

    /// The current item.
    public var index: Int
    /// The current item counted from where the carousel started without wrapping: a loop's laps
    /// (a frame's `contentOffset` counts them); in a finite strip and the card feed, the item itself.
    public var unwrappedIndex: Int64
    /// Where the content rests, as the engine measures it: a loop's displacement from the current
    /// item (0, or a rounding error from it), a finite strip's from its first item, the card feed's
    /// scroll offset.
    public var position: Double
    public var slots: Slots
    /// Time taken toward the next fixed step (less than one step).
    public var pendingTime: Duration
    /// Auto-scroll's countdown: idle time left before it next advances.
    public var autoScrollRemaining: Duration
    /// Whether every viewer hid the carousel (auto-scroll's one pause reason at rest).
    public var isHidden: Bool

    public init(
        index: Int,
        unwrappedIndex: Int64,
        position: Double,
        slots: Slots,
        pendingTime: Duration,
        autoScrollRemaining: Duration,
        isHidden: Bool
    ) {
        self.index = index
        self.unwrappedIndex = unwrappedIndex
        self.position = position
        self.slots = slots
        self.pendingTime = pendingTime
        self.autoScrollRemaining = autoScrollRemaining
        self.isHidden = isHidden
    }

    /// The farthest a loop's unwrapped item may be from where it started: a carousel paging every
    /// 100 ms for a century stays well inside it, and a content offset that far out is still exact.
    public static let unwrappedLimit: Int64 = 1 << 40
    /// The most slots a card feed's pool may have made.
    public static let pooledSlotLimit = 10_000

    /// How far from a rest position a resting content may be: a rounding error, never a visible
    /// offset (a millionth of a pitch).
    static func tolerance(pitch: Double) -> Double {
        1e-6 * max(1, abs(pitch))
    }

    /// Checks what every engine shares: the clock's remainder and auto-scroll's countdown.
    func validateTiming(interval: Duration) throws(CarouselError) {
        guard pendingTime >= .zero, pendingTime < StepClock.step else {
            throw .invalidRestState("the time toward the next step must be at least 0 and less than 4 ms")
        }
        guard autoScrollRemaining > .zero, autoScrollRemaining <= interval else {
            throw .invalidRestState("auto-scroll's remaining time must be more than 0 and at most its interval")
        }
    }

    /// Checks that `index` names an item of `count` (0 when there are none).
    func validateIndex(count: Int) throws(CarouselError) {
        guard count == 0 ? index == 0 : (0..<count).contains(index) else {
            throw .invalidRestState(
                count == 0 ? "the current item must be 0 without items" : "the current item must be 0 to \(count - 1)"
            )
        }
    }
}
