import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A program never reads an error's English: every `invalid_value` that is about a member of the
/// message names it in `field`, the decoder's and the engine's alike (a pointer's `x` and `t`, a
/// wheel's `dx`, a catalog's item). Only refusals of the session's state concern no member.
@Suite("Every invalid_value about a member names it in field")
struct ErrorFieldTests {
    /// (message, the field its error names)
    static let cases: [(String, String)] = [
        (#"{"type":"pointer","phase":"down","x":1e308,"y":1,"t":1}"#, "pointer.x"),
        (#"{"type":"pointer","phase":"down","x":-1000001,"y":1,"t":1}"#, "pointer.x"),
        (#"{"type":"pointer","phase":"down","x":1,"y":1e7,"t":1}"#, "pointer.y"),
        (#"{"type":"pointer","phase":"down","x":1,"y":1,"t":1e308}"#, "pointer.t"),
        (#"{"type":"pointer","phase":"hover","x":1,"y":1,"t":1}"#, "pointer.phase"),
        (#"{"type":"pointer","phase":"down","x":1,"y":1,"t":1,"seq":1.5}"#, "pointer.seq"),
        (#"{"type":"pointer","phase":"down","x":1,"y":1,"t":1,"pointerType":"foot"}"#, "pointer.pointerType"),
        (#"{"type":"wheel","dx":1e308,"dy":0,"t":1}"#, "wheel.dx"),
        (#"{"type":"wheel","dx":0,"dy":-1e7,"t":1}"#, "wheel.dy"),
        (#"{"type":"wheel","dx":1,"dy":0,"t":-1e300}"#, "wheel.t"),
        (#"{"type":"command","name":"explode"}"#, "command.name"),
        (#"{"type":"command","name":"goto","index":-1}"#, "command.index"),
        (#"{"type":"command","name":"goto","index":2.5}"#, "command.index"),
        (#"{"type":"command","name":"goto","index":99}"#, "command.index"),
        (#"{"type":"configure","config":[1]}"#, "configure.config"),
        (#"{"type":"configure","config":{"spacing":-1}}"#, "config.spacing"),
        (#"{"type":"configure","config":{"warp":9}}"#, "config.warp"),
        (#"{"type":"configure","items":[{"id":"a"},{"id":"a"}]}"#, "configure.items"),
        (#"{"type":"configure","items":[{"id":""}]}"#, "configure.items"),
        (#"{"type":"configure","items":[{"id":"a","height":-5}]}"#, "configure.items"),
        (#"{"type":"configure","items":[{"id":"a","kind":"constructor"}]}"#, "configure.items"),
        (#"{"type":"configure","items":[1]}"#, "configure.items"),
        (#"{"type":"configure","itemCount":1001}"#, "configure.itemCount"),
        (#"{"type":"advance","ms":0}"#, "advance.ms"),
        (#"{"type":"ping","id":"\#(String(repeating: "x", count: 100))"}"#, "ping.id"),
        (#"{"type":"name","name":"you"}"#, "name.name"),
        (#"{"type":"name","name":"a\u0007b"}"#, "name.name"),
        (#"{"type":"record","action":"pause"}"#, "record.action"),
        (#"{"type":"replay","gesture":"last","speed":2}"#, "replay.speed"),
        (#"{"type":"replay","gesture":"first"}"#, "replay.gesture"),
        (#"{"type":"replay","action":"pause"}"#, "replay.action"),
    ]

    @Test("each refusal of a member names it", arguments: cases)
    func namesTheMember(text: String, field: String) throws {
        var transport = HubTests.FakeTransport.opened(["session": "fields", "clock": "manual"])
        transport.send(1, text)
        let answer = try #require(RecordingTests.messages(transport, 1).last)
        #expect(answer["type"] == .string("error"), "\(text): \(answer.encoded)")
        #expect(answer["code"] == .string("invalid_value"), "\(text): \(answer.encoded)")
        #expect(answer["field"] == .string(field), "\(text): \(answer.encoded)")
    }

    @Test("the hostile messages' invalid_value answers all name a field, but the session-state refusals")
    func hostileTable() throws {
        var transport = HubTests.FakeTransport.opened(["session": "hostile", "clock": "manual"])
        var unnamed: [String] = []
        for (_, text, code) in HostileMessages.cases where code == "invalid_value" {
            let before = transport.sent[1]!.count
            transport.send(1, text)
            for answer in transport.sent[1]![before...].map({ try! JSONParser.parse($0) })
            where answer["code"] == .string("invalid_value") && answer["field"] == nil {
                unnamed.append("\(text) -> \(answer["message"]?.encoded ?? "")")
            }
        }
        // A pointer up or move without its down is about the session, not a member.
        #expect(unnamed.allSatisfy { $0.contains("without a down") }, "\(unnamed)")
    }
}
