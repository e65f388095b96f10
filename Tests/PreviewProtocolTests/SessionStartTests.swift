import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("serve --config: new sessions start from a settings file; links apply on top; recordings replay")
struct SessionStartTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// What "Copy as JSON" gives for a strip with spacing 12 and 7 items.
    static let file = """
        {
          "format": "carousel-preview/settings",
          "version": 1,
          "config": {"preset": "strip", "spacing": 12},
          "itemCount": 7
        }
        """

    static func start() throws -> SessionStart {
        try SessionStart(settingsFile: file)
    }

    /// A hub whose new sessions start from `file`.
    static func transport() throws -> FakeTransport {
        var transport = FakeTransport()
        transport.hub = PreviewHub(start: try start())
        return transport
    }

    /// Connection `connection`'s welcome: its configuration and how many items it brought.
    static func welcome(_ transport: FakeTransport, _ connection: Int) throws -> (config: JSONValue, items: Int) {
        let welcome = try transport.first(connection)
        guard case .array(let items)? = welcome["items"] else { throw SettingsError("no items in the welcome") }
        return (try #require(welcome["config"]), items.count)
    }

    @Test("a settings file reads as the carousel it describes")
    func readsTheFile() throws {
        let start = try Self.start()
        var strip = SessionConfiguration(preset: "strip")!
        strip.configuration.spacing = 12
        #expect(start == SessionStart(config: strip, itemCount: 7))
    }

    @Test(
        "a file that cannot start a server says what is wrong with it",
        arguments: [
            ("not JSON", "{\"format\": ", "not JSON"),
            (
                "another format",
                #"{"format":"carousel-preview/recording","version":1,"config":{"preset":"strip"},"itemCount":7}"#,
                #""format" must be "carousel-preview/settings""#
            ),
            (
                "version 2",
                #"{"format":"carousel-preview/settings","version":2,"config":{"preset":"strip"},"itemCount":7}"#,
                #""version" must be 1"#
            ),
            (
                "a field out of range",
                #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip","spacing":-3},"itemCount":7}"#,
                "config.spacing must be between 0 and 10000"
            ),
            (
                "no items",
                #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip"},"itemCount":0}"#,
                #""itemCount" is 0"#
            ),
            (
                "an unknown preset",
                #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"x"},"itemCount":7}"#,
                #""preset" is one of banner"#
            ),
        ]
    )
    func refusesBadFiles(kind: String, text: String, reason: String) {
        do {
            _ = try SessionStart(settingsFile: text)
            Issue.record("\(kind) was accepted")
        } catch {
            #expect(error.description.contains(reason), "\(kind): \(error.description)")
        }
    }

    @Test("the default session and a named one without settings start as the file says")
    func plainSessionsStartFromTheFile() throws {
        var transport = try Self.transport()
        transport.open(1, [:])
        transport.open(2, ["session": "named", "clock": "manual"])
        let expected = try Self.start().config.json
        for connection in [1, 2] {
            let welcome = try Self.welcome(transport, connection)
            #expect(welcome.config == expected)
            #expect(welcome.items == 7)
        }
        // Without --config the same requests give the banner preset, as before.
        var plain = FakeTransport()
        plain.open(1, [:])
        #expect(try Self.welcome(plain, 1).config == SessionConfiguration(preset: "banner")!.json)
    }

    @Test("a link's values and items apply on top of the file; a link's preset replaces it, items and all")
    func linksApplyOnTop() throws {
        var transport = try Self.transport()
        transport.open(1, ["session": "values", "spacing": "20", "loop": "on"])
        transport.open(2, ["session": "items", "items": "3"])
        transport.open(3, ["session": "preset", "preset": "paged"])
        transport.open(4, ["session": "bad-preset", "preset": "nope"])
        let values = try Self.welcome(transport, 1)
        #expect(values.config["preset"] == .string("strip"))
        #expect(values.config["spacing"] == .number(20) && values.config["loop"] == .bool(true))
        #expect(values.items == 7)
        let items = try Self.welcome(transport, 2)
        #expect(items.config == (try Self.start().config.json) && items.items == 3)
        let preset = try Self.welcome(transport, 3)
        #expect(preset.config == SessionConfiguration(preset: "paged")!.json)
        #expect(preset.items == BundledBanners.all.count)
        // A preset the server does not know is reported and left out: the file holds.
        let unknown = try Self.welcome(transport, 4)
        #expect(unknown.config == (try Self.start().config.json) && unknown.items == 7)
    }

    @Test(
        "a link joining a session that exists wants the carousel it would have made on this server: the file's, with its values"
    )
    func joiningWantsTheFilesCarousel() throws {
        var transport = try Self.transport()
        transport.open(1, ["session": "shared", "inset": "30"])
        transport.open(2, ["session": "shared", "spacing": "20"])
        let wanted = try #require(try transport.first(2)["link"]?["wanted"])
        var expected = try Self.start().config
        expected.configuration.spacing = 20
        #expect(wanted["config"] == expected.json)
        #expect(wanted["itemCount"] == .number(7))
    }

    @Test("a recording of a session the file made carries the file's carousel and replays byte for byte")
    func recordingReplays() throws {
        var transport = try Self.transport()
        transport.open(1, ["session": "r", "clock": "manual"])
        let text = try RecordingTests.recordFlickAndSettle(&transport)
        let recording = try Recording(text: text)
        #expect(recording.json["checkpoint"]?["preset"] == .string("strip"))
        #expect(recording.json["checkpoint"]?["config"]?.encoded == #"{"spacing":12}"#)
        let frames = try Replay.frames(of: recording)
        #expect(frames == RecordingTests.recordedFrames(transport, 1))
        #expect(frames.count > 40)
    }
}
