import PreviewWire

/// What a journal's steps hold on the heap (`MemoryFootprint` counts the values they carry).
extension MemoryFootprint {
    /// What a journal step holds on the heap beyond its slot in the journal's array.
    package static func of(_ step: SessionJournal.Step) -> Int {
        guard case .input(_, let message) = step.event else { return 0 }
        return of(message)
    }

    /// The steps and their buffer: what a list of steps (a journal's, a recording's) holds.
    package static func of(_ steps: [SessionJournal.Step]) -> Int {
        steps.reduce(buffer(of: steps)) { $0 + of($1) }
    }
}
