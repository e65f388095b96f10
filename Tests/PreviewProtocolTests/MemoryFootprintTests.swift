import CMallocStats
import Foundation
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("MemoryFootprint: what a journal holds, counted as the heap it takes")
struct MemoryFootprintTests {
    /// A `configure` of 60 items (about 11 KB), each message different: the flood of issue 22.
    static func configure(_ number: Int) -> String {
        let items = (0..<60).map { item in
            #"{"id":"flood-\#(number)-\#(item)","title":"Banner number \#(item) of message \#(number)","subtitle":"A subtitle long enough to leave the small-string form, and then some more words \#(item)","image":"/banners/\#(item % 6).svg"}"#
        }
        return #"{"type":"configure","config":{"spacing":\#(number % 20)},"items":[\#(items.joined(separator: ","))]}"#
    }

    /// Bytes glibc has handed out and not taken back: the chunks in use in the main arena, and
    /// those it mapped on their own (large buffers).
    static func allocated() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// Whether malloc is glibc's: under AddressSanitizer or ThreadSanitizer (`make test-sanitize`)
    /// it is the sanitizer's, and `mallinfo2` sees none of it.
    static let mallocIsGlibc: Bool = {
        let program = dlopen(nil, RTLD_NOW)
        return dlsym(program, "__asan_init") == nil && dlsym(program, "__tsan_init") == nil
    }()

    /// Set in the process that measures (see `footprintMatchesMalloc`).
    static let probeVariable = "CAROUSEL_PREVIEW_FOOTPRINT_PROBE"

    /// `mallinfo2` reports the main arena only, and tests run in parallel on threads with arenas
    /// of their own: the measurement runs in a second run of this test binary with only this test
    /// and `MALLOC_ARENA_MAX=1`, so every chunk is in the arena it reads and nothing else allocates.
    @Test(
        "2,000 decoded configures of 60 items: the steps' footprint is within 0.8x-1.3x of what malloc holds for them",
        .enabled(if: mallocIsGlibc, "a sanitizer's malloc is not glibc's")
    )
    func footprintMatchesMalloc() throws {
        if ProcessInfo.processInfo.environment[Self.probeVariable] != nil { return try measure() }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        probe.arguments = ["--testing-library", "swift-testing", "--filter", "footprintMatchesMalloc"]
        probe.environment = ProcessInfo.processInfo.environment.merging(
            ["MALLOC_ARENA_MAX": "1", Self.probeVariable: "1"]
        ) { _, probe in probe }
        let output = Pipe()
        probe.standardOutput = output
        probe.standardError = output
        try probe.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0, "\(text)")
        let figure = try #require(
            text.firstMatch(of: /footprint: estimated (\d+) bytes, malloc (\d+) bytes, JSON (\d+) bytes/)
        )
        let (estimated, measured, json) = (Double(figure.1)!, Double(figure.2)!, Double(figure.3)!)
        print(
            "footprint of 2,000 configures of 60 items: estimated \(Int(estimated)), malloc \(Int(measured)) (\(estimated / measured)x), JSON \(Int(json))"
        )
        #expect(
            estimated / measured >= 0.8 && estimated / measured <= 1.3,
            "estimated \(estimated), measured \(measured)"
        )
        // What the issue measured: decoded, the steps take several times their text.
        #expect(estimated > 2 * json)
    }

    /// Decodes the flood into steps, as a journal keeps them, between two readings of malloc.
    private func measure() throws {
        let texts = (0..<2000).map(Self.configure)
        #expect(texts.allSatisfy { $0.utf8.count > 10_000 && $0.utf8.count <= ClientMessage.maximumBytes })
        let before = Self.allocated()
        var steps: [SessionJournal.Step] = []
        for (index, text) in texts.enumerated() {
            let message = try ClientMessage.decode(text)
            steps.append(SessionJournal.Step(at: .milliseconds(index), event: .input(client: 1, message)))
        }
        let measured = Self.allocated() - before
        let json = texts.reduce(0) { $0 + $1.utf8.count }
        print("footprint: estimated \(MemoryFootprint.of(steps)) bytes, malloc \(measured) bytes, JSON \(json) bytes")
        withExtendedLifetime(steps) {}
    }

    @Test("a journal's footprint is its steps' and follows them: nothing once dropped")
    func journalFootprint() throws {
        let session = try Session(
            name: "f",
            clock: .manual,
            config: SessionConfiguration(preset: "banner")!,
            catalogs: .bundled,
            now: .zero
        )
        var journal = SessionJournal(base: session.journal.base)
        #expect(journal.footprint == 0)
        for index in 0..<50 {
            journal.append(.input(client: 1, try ClientMessage.decode(Self.configure(index))), at: .milliseconds(index))
            journal.append(.tick, at: .milliseconds(index))
        }
        #expect(journal.footprint == MemoryFootprint.of(journal.steps))
        #expect(journal.footprint > 50 * 20_000)
        journal.drop(.serverBudget(bytes: 1))
        #expect(journal.footprint == 0)
        #expect(journal.dropReason == .serverBudget(bytes: 1))
    }

    @Test("glibc's chunk sizes: 8 bytes of header, rounded to 16, at least 32")
    func chunkSizes() {
        #expect(MemoryFootprint.block(1) == 32)
        #expect(MemoryFootprint.block(24) == 32)
        #expect(MemoryFootprint.block(25) == 48)
        #expect(MemoryFootprint.block(40) == 48)
        #expect(MemoryFootprint.block(41) == 64)
    }

    @Test("small strings and scalars live inside their value; a long string has a buffer")
    func inlineValues() {
        #expect(MemoryFootprint.of(JSONValue.number(3)) == 0)
        #expect(MemoryFootprint.of(JSONValue.string("fifteen bytes!!")) == 0)
        #expect(MemoryFootprint.of(JSONValue.string("sixteen bytes!!!")) == MemoryFootprint.block(32 + 17))
        #expect(MemoryFootprint.of(JSONValue.array([])) == 0)
    }
}
