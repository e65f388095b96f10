/// The card feed's reusable views: a pool per kind, like a table view's reuse identifiers. Only
/// visible cards hold slots; a card that leaves gives its slot back before a newly visible card of
/// the same kind takes one (the lowest free id), so a kind never has more slots than it ever had
/// cards visible at once, however many cards there are.
struct CardSlotPool: Equatable, Sendable {
    struct Slot: Equatable, Sendable {
        let kind: String
        var card: Int?
    }

    /// Every slot ever made, by id.
    private(set) var slots: [Slot] = []

    init(slots: [Slot] = []) {
        self.slots = slots
    }

    /// Gives slots to exactly the cards in `visible`.
    mutating func show(_ visible: ClosedRange<Int>?, kind: (Int) -> String) {
        for id in slots.indices {
            if let card = slots[id].card, visible?.contains(card) != true { slots[id].card = nil }
        }
        guard let visible else { return }
        for card in visible where !slots.contains(where: { $0.card == card }) {
            let cardKind = kind(card)
            if let free = slots.firstIndex(where: { $0.card == nil && $0.kind == cardKind }) {
                slots[free].card = card
            } else {
                slots.append(Slot(kind: cardKind, card: card))
            }
        }
    }

    /// Follows a change of the cards: each slot keeps its card under the card's new index, or is
    /// freed when the card is gone. The caller's next `show` frees cards that left the screen.
    mutating func renumber(_ newIndex: (Int) -> Int?) {
        for id in slots.indices {
            if let card = slots[id].card { slots[id].card = newIndex(card) }
        }
    }
}
