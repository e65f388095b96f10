import Foundation
import PreviewRecording
import PreviewTesting
import Testing

@testable import PreviewProtocol

/// A session's name is what a team calls its carousel: letters and digits of any script, spaces and
/// `_ . -`, never a character that hides or reorders text. The names tried are one fixture, which
/// the page's test reads too, so the server's rule and the schema's pattern cannot drift apart.
@Suite("Session names: any script, within a documented rule")
struct SessionNameTests {
    struct Examples: Decodable {
        let valid: [String]
        let invalid: [String]
    }

    static let examples: Examples = {
        let data = try! Data(contentsOf: Repository.file("Tests/Fixtures/session-names.json"))
        return try! JSONDecoder().decode(Examples.self, from: data)
    }()

    @Test("every name of the fixture's valid list joins a session of that name")
    func accepted() throws {
        for name in Self.examples.valid {
            #expect(SessionName.isValid(name), "\(name)")
            #expect(try ConnectionRequest(query: ["session": name]).session == name)
        }
    }

    @Test("every name of the invalid list is refused with the rule, naming the parameter")
    func refused() {
        for name in Self.examples.invalid {
            #expect(!SessionName.isValid(name), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            do {
                _ = try ConnectionRequest(query: ["session": name])
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.field == "session")
                #expect(error.message == "session must be \(SessionName.rule)")
            }
        }
    }

    @Test("the length counts characters, not bytes: 64 Arabic letters are a name, 65 are not")
    func lengthInScalars() {
        #expect(SessionName.isValid(String(repeating: "ع", count: 64)))
        #expect(!SessionName.isValid(String(repeating: "ع", count: 65)))
    }
}
