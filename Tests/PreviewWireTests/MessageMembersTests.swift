import Testing

@testable import PreviewWire

/// The member tables docs/reference/messages.md is written from, held to the decoder: a table that
/// says less or more than the decoder does fails here.
@Suite("Each message kind's documented members are the ones its decoder reads")
struct MessageMembersTests {
    static func members(of example: String) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = try JSONParser.parse(example) else {
            throw ProtocolError(.badJSON, "", ref: nil)
        }
        return members
    }

    @Test("the example decodes, to a message of its kind", arguments: MessageKind.allCases)
    func exampleDecodes(kind: MessageKind) throws {
        let message = try ClientMessage.decode(kind.example)
        #expect(message.typeName == kind.rawValue)
        let named = try Self.members(of: kind.example).map(\.key)
        #expect(named.first == "type")
        for name in named.dropFirst() {
            #expect(
                kind.members.contains { $0.name == name },
                "\(kind.rawValue).\(name) is in the example but not the table"
            )
        }
    }

    @Test("without a required member the message is refused, naming it", arguments: MessageKind.allCases)
    func requiredMembers(kind: MessageKind) throws {
        let members = try Self.members(of: kind.example)
        for member in kind.members where member.isRequired {
            let without = JSONValue.object(members.filter { $0.key != member.name }).encoded
            #expect(throws: ProtocolError.self, "\(kind.rawValue) without \(member.name)") {
                try ClientMessage.decode(without)
            }
            do {
                _ = try ClientMessage.decode(without)
            } catch {
                #expect(error.field == "\(kind.rawValue).\(member.name)", "\(error)")
            }
        }
    }

    @Test("a typed member given an array is refused, naming it", arguments: MessageKind.allCases)
    func typedMembers(kind: MessageKind) throws {
        let members = try Self.members(of: kind.example)
        for member in kind.members where member.isTyped {
            // The member's own example context: `index` and `animated` are goto's, `enabled` autoscroll's.
            var base = members.filter { $0.key != member.name }
            if kind == .command, member.name == "enabled" {
                base = [("type", .string("command")), ("name", .string("autoscroll"))]
            }
            if kind == .replay, ["part", "last"].contains(member.name) {
                base = [("type", .string("replay")), ("part", .string("{}"))]
            }
            if kind == .replay, member.name == "action" { base = [("type", .string("replay"))] }
            if kind == .replay, member.name == "ms" {
                base = [("type", .string("replay")), ("action", .string("seek"))]
            }
            let text = JSONValue.object(base.filter { $0.key != member.name } + [(member.name, .array([]))]).encoded
            do {
                let decoded = try ClientMessage.decode(text)
                Issue.record("\(text) decoded to \(decoded)")
            } catch {
                #expect(error.field == "\(kind.rawValue).\(member.name)", "\(text): \(error)")
            }
        }
    }

    @Test("every kind has its example and a table; the members' names are unique")
    func tablesAreWhole() {
        for kind in MessageKind.allCases {
            let names = kind.members.map(\.name)
            #expect(Set(names).count == names.count, "\(kind.rawValue)")
            #expect(!names.contains("type"))
        }
    }
}
