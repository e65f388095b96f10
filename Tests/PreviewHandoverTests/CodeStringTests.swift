import Testing

@testable import PreviewHandover

/// A viewer's words as each language's string literal: the characters that would end or change a
/// literal are escaped, and text beyond ASCII stays as typed. `Tests/Handover` reads the literals
/// back with node and swiftc.
@Suite("Code strings: any title as Swift, Kotlin, Dart and JavaScript literals")
struct CodeStringTests {
    static let tricky = "Say \"hi\" \\ it's $5\n\tnow\u{7}"

    @Test("Swift escapes the quote, the backslash and control characters")
    func swift() {
        #expect(CodeString.swift(Self.tricky) == #""Say \"hi\" \\ it's $5\n\tnow\u{7}""#)
        #expect(CodeString.swift("مرحبا ☕️") == "\"مرحبا ☕️\"")
    }

    @Test("Kotlin also escapes the dollar that would start a template")
    func kotlin() {
        #expect(CodeString.kotlin(Self.tricky) == #""Say \"hi\" \\ it's \$5\n\tnow\u0007""#)
    }

    @Test("Dart quotes with ' and escapes it and the dollar")
    func dart() {
        #expect(CodeString.dart(Self.tricky) == #"'Say "hi" \\ it\'s \$5\n\tnow\u{7}'"#)
    }

    @Test("JavaScript quotes with ' and escapes < so no title ends a script element")
    func javaScript() {
        #expect(CodeString.javaScript("</script>'\u{2028}") == #"'\u003c/script>\'\u2028'"#)
    }
}
