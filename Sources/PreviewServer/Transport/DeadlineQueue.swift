/// Deadlines by when they fall due, earliest first: a binary min-heap of (due, id). Adding and
/// taking cost O(log n), the earliest O(1). An id's deadline is never changed in place: its holder
/// adds the new one and skips an old one when it comes up (it knows each id's current deadline), so
/// a wake touches only what is due, never every connection.
struct DeadlineQueue {
    struct Entry: Equatable {
        let due: Duration
        let id: Int
    }

    private var heap: [Entry] = []

    var count: Int { heap.count }
    var earliest: Entry? { heap.first }

    mutating func add(_ id: Int, due: Duration) {
        heap.append(Entry(due: due, id: id))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the earliest deadline.
    mutating func removeEarliest() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let earliest = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].due < heap[smallest].due { smallest = left }
            if right < heap.count, heap[right].due < heap[smallest].due { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return earliest
    }
}
