import CarouselCore

/// What another viewer's finger gets while one viewer's finger owns the drag: one `gesture_busy`
/// per gesture, then silence until it lifts or presses again. The owner itself is the engine's
/// active pointer; this keeps the rest, so a second hand on the carousel is told once, not flooded.
struct GestureOwnership {
    /// Clients already told `gesture_busy` during the current gesture.
    private var toldBusy: Set<Int> = []
    /// Clients whose pointer stream is ignored without a word until they lift or press again: they
    /// were told the gesture was busy, or a configuration change ended their drag.
    private var silenced: Set<Int> = []

    init() {}

    /// Between gestures, as a checkpoint wrote it: `quiet` clients are still ignored until they press.
    init(quiet: [Int]) {
        silenced = Set(quiet)
    }

    /// Clients ignored until they press again, for a checkpoint.
    var quietClients: [Int] { silenced.sorted() }

    /// Nobody was told the gesture is busy: there is no gesture, so a checkpoint may be written.
    var isBetweenGestures: Bool { toldBusy.isEmpty }

    /// What becomes of a pointer event.
    enum Admission: Equatable {
        /// The engine takes it.
        case apply
        /// Dropped without a word.
        case ignore
        /// Refused with `gesture_busy`: `owner` is dragging.
        case busy(owner: Int)
    }

    /// What to do with `client`'s pointer event of `phase` while `owner` (if anyone) holds the drag.
    mutating func admit(_ phase: PointerEvent.Kind, from client: Int, owner: Int?) -> Admission {
        if silenced.contains(client) {
            switch phase {
            case .down: silenced.remove(client)
            case .up, .cancel:
                silenced.remove(client)
                return .ignore
            case .move: return .ignore
            }
        }
        if let owner, owner != client {
            silenced.insert(client)
            return toldBusy.insert(client).inserted ? .busy(owner: owner) : .ignore
        }
        return .apply
    }

    /// What to do with `client`'s wheel event while `owner` (if anyone) holds the drag: the owner's
    /// own wheel goes to the engine (which keeps the finger's drag); another viewer's is refused
    /// once per gesture and then dropped, as a second finger's pointer is.
    mutating func admitWheel(from client: Int, owner: Int?) -> Admission {
        guard let owner, owner != client else { return .apply }
        return toldBusy.insert(client).inserted ? .busy(owner: owner) : .ignore
    }

    /// A change, not a lift, ended `owner`'s drag: the rest of that finger's stream is dropped quietly.
    mutating func dragEnded(for owner: Int) {
        silenced.insert(owner)
    }

    /// Nobody holds the drag any more: in the next gesture, everyone may be told again.
    mutating func gestureEnded() {
        toldBusy.removeAll()
    }

    /// `client` left.
    mutating func forget(_ client: Int) {
        silenced.remove(client)
        toldBusy.remove(client)
    }
}
