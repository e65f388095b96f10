import Testing

@testable import PreviewMedia

/// The strict XML reader on small documents: what it decodes, how it resolves names, and each kind
/// of malformed or refused input refused with words that say what and where.
@Suite("The markup parser: XML's subset for SVG, strictly")
struct MarkupParserTests {
    static let svg = "http://www.w3.org/2000/svg"

    static func parse(
        _ text: String,
        limits: MarkupLimits = MarkupLimits(bytes: 1 << 20)
    ) throws(MarkupError)
        -> MarkupDocument
    {
        try MarkupDocument.parse(Array(text.utf8), limits: limits)
    }

    static func reason(_ text: String, limits: MarkupLimits = MarkupLimits(bytes: 1 << 20)) -> String? {
        reason(bytes: Array(text.utf8), limits: limits)
    }

    static func reason(bytes: [UInt8], limits: MarkupLimits = MarkupLimits(bytes: 1 << 20)) -> String? {
        do {
            _ = try MarkupDocument.parse(bytes, limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("references, CDATA, comments, line breaks and attribute white space read as XML says")
    func decoding() throws {
        let document = try Self.parse(
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\" standalone='yes'?>\r\n<!-- c -->"
                + "<r a=\"&lt;&amp;&gt;&quot;&apos;\" b='x\ty\r\nz&#10;&#x41;&#233;&#x1F600;'>"
                + "one\r\ntwo<![CDATA[<&]]>\rthree<!-- -->&#65;</r>  <!-- after -->\n"
        )
        #expect(document.root.attribute("a") == "<&>\"'")
        #expect(document.root.attribute("b") == "x y z\nAé😀")
        #expect(document.root.children == [.text("one\ntwo<&\nthreeA")])
    }

    @Test("prefixes resolve per element scope; attributes without a prefix are in no namespace")
    func namespaces() throws {
        let document = try Self.parse(
            #"<s:svg xmlns:s="\#(Self.svg)" xmlns="urn:d" s:a="1" b="2" xml:lang="en"><g><s:g xmlns:s="urn:t"/></g>"#
                + #"<h xmlns=""/></s:svg>"#
        )
        let root = document.root
        #expect(root.name == MarkupName("svg", namespace: Self.svg))
        #expect(
            root.attributes.map(\.name) == [
                MarkupName("a", namespace: Self.svg), MarkupName("b"),
                MarkupName("lang", namespace: MarkupName.xmlNamespace),
            ]
        )
        #expect(root.elements.map(\.name) == [MarkupName("g", namespace: "urn:d"), MarkupName("h")])
        #expect(root.elements[0].elements[0].name == MarkupName("g", namespace: "urn:t"))
        #expect(Self.reason(#"<r><a xmlns:p="urn:p"/><p:b/></r>"#)?.contains("the prefix p is not bound") == true)
    }

    @Test("malformed and refused documents are refused, saying what and where")
    func refused() {
        let cases: [(String, String)] = [
            ("<a><b></a></b>", "line 1, column 7: the end tag </a> does not close <b>"),
            ("<a x='1' x='2'/>", "the attribute x appears twice"),
            (#"<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>"#, "{urn:x}x appears twice"),
            ("<a x='<'/>", "a '<' inside the value of the attribute x"),
            ("<a x=1/>", "is not quoted"),
            ("<a x='1'y='2'/>", "need white space"),
            ("<a>&nbsp;</a>", "the entity &nbsp; is not taken"),
            ("<a>&#0;</a>", "names no XML character"),
            ("<a>&#xD800;</a>", "names no XML character"),
            ("<a>&#x110000;</a>", "names no XML character"),
            ("<a>&#99999999999999999999;</a>", "names no XML character"),
            ("<a>&amp</a>", "has no ';'"),
            ("<a>x ]]> y</a>", "']]>' outside a CDATA section"),
            ("<a><!-- x -- y --></a>", "'--' inside a comment"),
            ("<a><?php x?></a>", "a processing instruction"),
            ("<?xml-stylesheet href='x'?><a/>", "a processing instruction"),
            ("<!DOCTYPE a><a/>", "a document type"),
            ("<a/><b/>", "content after the root element"),
            ("text<a/>", "only white space and comments may come before the root element"),
            ("<![CDATA[x]]><a/>", "line 1, column 1: only white space and comments"),
            ("&amp;<a/>", "only white space and comments"),
            ("<a>", "the document ends inside <a>"),
            ("<é/>", "outside ASCII"),
            ("<a:b:c/>", "not a name a namespace can qualify"),
            (#"<a xmlns:p=""/>"#, "unbinds a prefix"),
            (#"<a xmlns:xml="urn:x"/>"#, "the prefix xml"),
            (#"<a xmlns:xmlns="urn:x"/>"#, "the prefix xmlns may not be declared"),
            ("<a>\u{1}</a>", "the control character U+0001"),
            ("<?xml version='2.0'?><a/>", "not 1.x"),
            ("<?xml version='1.0' encoding='latin1'?><a/>", "not UTF-8"),
            ("", "no root element"),
        ]
        for (text, words) in cases {
            let reason = Self.reason(text)
            #expect(reason?.contains(words) == true, "\(text): \(reason ?? "read")")
        }
        #expect(Self.reason("  <a/>") == nil)
        let invalid = Self.reason(bytes: [0x3C, 0x61, 0x3E, 0xC0, 0x80, 0x3C, 0x2F, 0x61, 0x3E])
        #expect(invalid == "line 1, column 4: the document is not UTF-8 text")
    }

    @Test("depth, element count, attribute count and bytes are bounded")
    func bounds() {
        var limits = MarkupLimits(bytes: 1 << 20)
        limits.depth = 3
        #expect(Self.reason("<a><b><c/></b></a>", limits: limits) == nil)
        #expect(Self.reason("<a><b><c><d/></c></b></a>", limits: limits)?.contains("nested more than 3 deep") == true)
        limits.elements = 3
        #expect(Self.reason("<a><b/><c/><d/></a>", limits: limits)?.contains("more than 3 elements") == true)
        limits.attributesPerElement = 2
        #expect(Self.reason("<a x='1' y='2' z='3'/>", limits: limits)?.contains("more than 2 attributes") == true)
        #expect(Self.reason("<a/>", limits: MarkupLimits(bytes: 3))?.contains("more than 3 bytes") == true)
        let deep = String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000)
        #expect(Self.reason(deep)?.contains("nested more than 64 deep") == true)
    }
}
