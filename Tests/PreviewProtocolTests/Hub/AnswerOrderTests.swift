import PreviewMedia
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// docs/reference/messages.md's answers, played: each row of `MessageKind.answers` in a
/// manual-clock session with a second viewer watching, the messages both get compared with the row.
@Suite("Each message kind is answered as the reference's table says, in order, to its sender and to the others")
struct AnswerOrderTests {
    typealias Reply = MessageAnswer.Reply

    static let drag = [
        #"{"type":"pointer","phase":"down","x":200,"y":90,"t":1000}"#,
        #"{"type":"advance","ms":16}"#,
        #"{"type":"pointer","phase":"move","x":150,"y":90,"t":1016}"#,
        #"{"type":"advance","ms":16}"#,
        #"{"type":"pointer","phase":"up","x":100,"y":90,"t":1032}"#,
        #"{"type":"advance","ms":500}"#,
    ]

    @Test("every row of the table", arguments: MessageKind.allCases)
    func answers(kind: MessageKind) throws {
        for (row, answer) in kind.answers.enumerated() {
            var harness = HubHarness()
            if kind == .feel { harness.hub.feel = try FeelServiceTests.corpus() }
            harness.open(1, ["session": "answers", "clock": "manual"])
            harness.open(2, ["session": "answers", "clock": "manual"])
            try Self.prepare(kind, row: row, on: &harness)
            let (senderBefore, othersBefore) = (harness.sent[1, default: []].count, harness.sent[2, default: []].count)
            try Self.trigger(kind, row: row, on: &harness)
            let sender = harness.sent[1, default: []][senderBefore...].map(Self.label)
            let others = harness.sent[2, default: []][othersBefore...].map(Self.label)
            #expect(Self.matches(sender, answer.sender), "\(kind.rawValue) \(answer.when): sender got \(sender)")
            #expect(Self.matches(others, answer.others), "\(kind.rawValue) \(answer.when): others got \(others)")
        }
    }

    /// What comes before the message a row answers.
    static func prepare(_ kind: MessageKind, row: Int, on harness: inout HubHarness) throws {
        switch (kind, row) {
        case (.pointer, 1), (.variant, 1): harness.send(1, kind.example)
        case (.record, 1): harness.send(1, #"{"type":"record","action":"start"}"#)
        case (.replay, _): for message in drag { harness.send(1, message) }
        case (.render, 1):
            for part in RenderHubTests.parts(RenderHubTests.recording(image: "")) { harness.send(1, part) }
        default: break
        }
    }

    /// The message a row answers (for a replay, with the `advance`s that play it to its end).
    static func trigger(_ kind: MessageKind, row: Int, on harness: inout HubHarness) throws {
        switch (kind, row) {
        case (.pointer, 1):
            harness.send(1, #"{"type":"pointer","phase":"move","x":150,"y":90,"t":1016,"pointerType":"touch"}"#)
        case (.record, 1): harness.send(1, #"{"type":"record","action":"stop"}"#)
        case (.replay, _):
            harness.send(1, #"{"type":"replay","gesture":"last"}"#)
            for _ in 0..<100 where !harness.sent[1, default: []].contains(where: { $0.contains(#""finished""#) }) {
                harness.send(1, #"{"type":"advance","ms":16}"#)
            }
        case (.variant, 1): harness.send(1, #"{"type":"variant","action":"delete","name":"v2 faster settle"}"#)
        case (.image, _): ImageUploadTests.upload(ImageUploadTests.png, on: &harness)
        case (.render, 0):
            for part in RenderHubTests.parts(RenderHubTests.recording(image: "")) { harness.send(1, part) }
        case (.render, _):
            let request = try #require(harness.renders.first)
            let animation = RenderedAnimation(
                bytes: Array("GIF89a".utf8),
                format: .gif,
                frames: 1,
                width: 10,
                height: 10
            )
            harness.perform(
                harness.hub.rendered(RenderOutcome(request: request, result: .success(animation)), now: harness.now)
                    .actions
            )
        default: harness.send(1, kind.example)
        }
    }

    /// A message's `type`, a replay's with its `state`.
    static func label(_ text: String) -> String {
        let message = try? JSONParser.parse(text)
        guard case .string(let type)? = message?["type"] else { return text }
        if type == "replay", case .string(let state)? = message?["state"] { return "replay \(state)" }
        return type
    }

    /// Whether `labels` are the row's replies exactly, the steps standing one or more times.
    static func matches(_ labels: [String], _ replies: [Reply]) -> Bool {
        var rest = labels[...]
        for reply in replies {
            switch reply {
            case .message(let type):
                guard rest.first == type else { return false }
                rest = rest.dropFirst()
            case .steps:
                var steps = 0
                while let step = [["ghost", "frame"], ["frame"]].first(where: { rest.starts(with: $0) }) {
                    rest = rest.dropFirst(step.count)
                    steps += 1
                }
                guard steps > 0 else { return false }
            }
        }
        return rest.isEmpty
    }
}
