import PreviewRecording
import PreviewWire

/// Runs a recording on a fresh session, in-process and without a clock, and gives the frames the
/// session sends from the recording's start, each in its wire form: what the viewers received
/// while it was recorded. The same recording gives the same bytes on every run.
public enum Replay {
    public static func frames(of recording: Recording) throws(RecordingError) -> [String] {
        var session = try freshSession(for: recording)
        var frames: [String] = []
        for (index, step) in recording.steps.enumerated() {
            let deliveries = try run(step, index: index, on: &session)
            guard index >= recording.start else { continue }
            for case .everyone(.frame(let frame)) in deliveries {
                frames.append(ServerMessage.frame(frame).encoded)
            }
        }
        return frames
    }

    /// What the recording's session engine went through, from the recording's first step, as the
    /// calls a page's engine module takes to go through the same, with the frames it gave.
    public static func engineTrace(of recording: Recording) throws(RecordingError) -> EngineTrace {
        var session = try freshSession(for: recording)
        session.startEngineTrace()
        for (index, step) in recording.steps.enumerated() {
            _ = try run(step, index: index, on: &session)
        }
        return session.engineTrace!
    }

    /// The session a recording starts from, created at 0: restored from its checkpoint (version 2),
    /// or a fresh session of its preset and a link's setup (version 1, checked as a `configure`
    /// would be), with its catalogs.
    static func freshSession(for recording: Recording) throws(RecordingError) -> Session {
        switch recording.beginning {
        case .checkpoint(let checkpoint):
            return try Session(
                restoring: checkpoint,
                name: recording.session,
                clock: recording.clock,
                catalogs: recording.catalogs
            )
        case .creation(let preset, let setup):
            var config = SessionConfiguration(preset: preset)!
            if let setup {
                do {
                    config = try config.applying(.object(setup.changes))
                } catch {
                    throw RecordingError("\"setup.config\" is not a configuration: \(error.message)")
                }
            }
            do {
                return try Session(
                    name: recording.session,
                    clock: recording.clock,
                    config: config,
                    itemCount: setup?.itemCount,
                    startItem: setup?.startItem,
                    catalogs: recording.catalogs,
                    now: .zero
                )
            } catch {
                throw RecordingError("the catalogs cannot start a session: \(error)")
            }
        }
    }

    /// Runs one step on `session`; what it delivered.
    static func run(
        _ step: SessionJournal.Step,
        index: Int,
        on session: inout Session
    ) throws(RecordingError)
        -> [Delivery]
    {
        switch step.event {
        case .join(let client):
            let (assigned, deliveries) = session.join(now: step.at)
            guard assigned == client else {
                throw RecordingError(step: index, "the session names this viewer \(assigned), not \(client)")
            }
            return deliveries
        case .leave(let client):
            guard session.members.contains(client) else {
                throw RecordingError(step: index, "client \(client) is not watching")
            }
            return session.leave(client: client, now: step.at)
        case .input(let client, let message):
            guard session.members.contains(client) else {
                throw RecordingError(step: index, "client \(client) is not watching")
            }
            if case .record = message {
                throw RecordingError(step: index, "record messages are not steps of a recording")
            }
            return session.receive(message, from: client, now: step.at)
        case .tick:
            guard session.clock == .live else { throw RecordingError(step: index, "a manual clock does not tick") }
            return session.tick(now: step.at)
        case .resync:
            return session.resync(now: step.at)
        }
    }
}
