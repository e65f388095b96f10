import CarouselCore
import Foundation
import PreviewRecording
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// A recording's film: a picture every 20 ms of session time, each the session after every step
/// at or before its instant, with the recorded fingers.
@Suite("A film pictures a recording every 20 ms, as an advance to that instant would have")
struct FilmTests {
    static func advance(_ ms: Double) -> String { #"{"type":"advance","ms":\#(ms)}"# }

    /// A flick on a manual clock: down at 300, six moves 25 pt apart, each `step` ms of session
    /// time given as `slices`, up, then `settle` more 20 ms of settling.
    static func flick(slices: (Double) -> [Double] = { [$0] }, settle: Int = 40) throws -> Recording {
        var messages = [RecordingTests.pointer("down", x: 300, t: 0)]
        for move in 1...6 {
            messages += slices(20).map(advance)
            messages.append(RecordingTests.pointer("move", x: 300 - 25 * Double(move), t: 20 * Double(move)))
        }
        messages.append(RecordingTests.pointer("up", x: 150, t: 120))
        for _ in 0..<settle { messages += slices(20).map(advance) }
        let transport = RecordingTests.manualRecording(during: messages)
        return try Recording(text: #require(RecordingTests.recordingText(transport, 1)))
    }

    /// The slots' left edges of a frame message's JSON, for the slots that show an item.
    static func slotXs(_ frame: String) throws -> [Double] {
        guard case .array(let slots)? = try JSONParser.parse(frame)["slots"] else { return [] }
        return slots.compactMap { slot in
            guard slot["item"] != .null, case .number(let x)? = slot["x"] else { return nil }
            return x
        }
    }

    @Test("each picture is the frame the last message at its instant sent, and they are 20 ms apart")
    func picturesAreTheFramesSent() throws {
        let recording = try Self.flick()
        let film = try Film(recording: recording)
        #expect(film.frames.map(\.time) == (0..<film.frames.count).map { .milliseconds(20 * $0) })
        #expect(film.frames.count == 6 + 40 + 1, "0 ms to 920 ms")
        // The last frame sent at each instant (a move's frame follows its advance's).
        var sentAt: [Double: String] = [:]
        for frame in try Replay.frames(of: recording) {
            guard case .number(let time)? = try JSONParser.parse(frame)["time"] else { continue }
            sentAt[time] = frame
        }
        for picture in film.frames.dropFirst() {
            let sent = try #require(sentAt[picture.time.milliseconds], "a frame at \(picture.time)")
            #expect(picture.slots.map(\.x) == (try Self.slotXs(sent)), "at \(picture.time)")
        }
        #expect(film.frames.last?.phase == .idle, "settled by the end")
        #expect(film.width == 375 && film.height == 180)
    }

    @Test("the same steps with time given in other slices make the same film (seeded)")
    func slicingDoesNotChangeTheFilm() throws {
        let whole = try Film(recording: Self.flick())
        for seed in UInt64(1)...12 {
            var random = SeededGenerator(seed: seed)
            let sliced = try Film(
                recording: Self.flick(slices: { total in
                    // Two to four pieces of whole and odd milliseconds, summing to `total`.
                    let cuts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                        Double(Int.random(in: 1...19, using: &random))
                    }
                    let points = ([0] + cuts.sorted() + [total])
                    return zip(points.dropFirst(), points).map { $0 - $1 }.filter { $0 > 0 }
                })
            )
            #expect(sliced == whole, "seed \(seed)")
        }
    }

    @Test("a pressed finger is pictured where it was; a lifted one fades for 100 ms, then goes")
    func fingers() throws {
        let film = try Film(recording: Self.flick())
        #expect(film.frames[0].fingers == [FilmFinger(client: 1, x: 300, y: 90, isLifted: false)])
        #expect(film.frames[3].fingers.map(\.x) == [225])
        // Up at 120 ms: lifted at 120, 140, 160, 180 ms; gone at 220.
        #expect(film.frames[6].fingers == [FilmFinger(client: 1, x: 150, y: 90, isLifted: true)])
        #expect(film.frames[10].fingers.count == 1)
        #expect(film.frames[11].fingers.isEmpty)
    }

    @Test("a film longer than a minute is refused at its 3,001st picture, naming the limit")
    func longFilmIsRefused() throws {
        // Advances of at most a second each: 59.98 s is 3,000 pictures (0 ms to 59,980 ms).
        let advances = { (total: Int) in
            Array(repeating: Self.advance(1_000), count: total / 1_000) + [Self.advance(Double(total % 1_000))]
        }
        let transport = RecordingTests.manualRecording(during: advances(59_980))
        let minute = try Recording(text: #require(RecordingTests.recordingText(transport, 1)))
        #expect(try Film(recording: minute).frames.count == 3_000)
        let longer = RecordingTests.manualRecording(during: advances(60_000) + [Self.advance(20)])
        #expect(throws: RecordingError.self) {
            try Film(recording: Recording(text: #require(RecordingTests.recordingText(longer, 1))))
        }
        do {
            _ = try Film(recording: Recording(text: #require(RecordingTests.recordingText(longer, 1))))
        } catch {
            #expect("\(error)".contains("at most 3000 pictures, 60 s"))
        }
    }

    @Test("every recording of the corpus films at 20 ms steps from its start to its last step")
    func corpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../public/corpus").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 17)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let recording = try Recording(text: text)
            let film = try Film(recording: recording)
            let steps = recording.steps
            // A live clock's session time runs with the steps' (from wherever its checkpoint
            // stood): the pictures span the start step's time to the last step's.
            let span = Int((steps.last!.at - steps[recording.start].at) / Film.frameInterval)
            #expect(
                [span, span + 1].contains(film.frames.count),
                "\(name): \(film.frames.count) pictures, \(span) intervals"
            )
            let gaps = Set(zip(film.frames.dropFirst(), film.frames).map { $0.time - $1.time })
            #expect(gaps == [Film.frameInterval], "\(name)")
            #expect(film.frames.allSatisfy { !$0.slots.isEmpty }, "\(name)")
        }
    }
}
