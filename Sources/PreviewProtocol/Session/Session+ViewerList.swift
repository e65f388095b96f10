import PreviewWire

/// The `viewers` list every viewer is sent when someone joins, leaves, renames or drags with another
/// input. On a live clock it goes at most once per `viewersListInterval`: a change within that of the
/// last list waits for the next, which says every change since. So a thousand pages joining in a
/// second cost each viewer ten lists, not a thousand (each join's list went to all: a storm of n²
/// messages that filled queues). A manual clock has no ticks to send a waiting list: it goes at once.
extension Session {
    /// The most often a live session sends its viewers list (the stream's hold: a change waits no
    /// longer than a held batch does).
    package static let viewersListInterval = EngineStream.hold

    /// The viewers changed at hub time `now`: the list, now or at its next turn. A viewer that
    /// `joined` gets it at once, after its welcome, whatever the others wait for.
    mutating func viewersChanged(now: Duration, joined: Int? = nil) -> [Delivery] {
        // Nobody left to tell: nothing waits, and the session sleeps until its linger ends.
        guard !members.isEmpty else {
            isViewersListOwed = false
            return []
        }
        if clock == .live, let sent = viewersListSentAt, now - sent < Self.viewersListInterval {
            isViewersListOwed = true
            return joined.map { [.client($0, members.list)] } ?? []
        }
        return sendViewersList(now: now)
    }

    /// A tick at hub time `now`: the list that waited, once its turn came.
    mutating func owedViewersList(now: Duration) -> [Delivery] {
        guard let due = viewersListDue, now >= due else { return [] }
        return sendViewersList(now: now)
    }

    /// When a waiting list goes, in hub time; `nil` when none waits.
    var viewersListDue: Duration? {
        guard isViewersListOwed, let sent = viewersListSentAt else { return nil }
        return sent + Self.viewersListInterval
    }

    private mutating func sendViewersList(now: Duration) -> [Delivery] {
        viewersListSentAt = now
        isViewersListOwed = false
        return members.isEmpty ? [] : [.everyone(members.list)]
    }
}
