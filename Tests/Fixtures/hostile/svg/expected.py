"""What libxml2 (through lxml) reads in each SVG fixture, for MarkupParserAgreementTests.

Writes expected.json beside this file: for every SVG in Tests/Fixtures/hostile/svg,
Tests/Fixtures/benign/svg and public/banners, and every document in Tests/Fixtures/markup (random
ones its generate.py writes), either a line per element in document order, its
resolved name and then its attributes' in Clark's notation ({namespace}local, or local alone when
in no namespace), separated by spaces (written out up to 200 elements; their count and the SHA-256
of the lines, each ended by a line feed, always; and the SHA-256 of the attribute values, each
ended by a NUL, and of the text in document order, references decoded and white space normalized
as XML says), or "malformed" with libxml2's message, or
"refused" when libxml2 reads it but the Swift parser refuses it by design (a document type, a
processing instruction).

lxml is not a dependency of the repository; to rerun, from the repository's top folder:

    python3 -m venv /tmp/lxml-venv && /tmp/lxml-venv/bin/pip install lxml
    /tmp/lxml-venv/bin/python Tests/Fixtures/hostile/svg/expected.py
"""

import hashlib
import json
import pathlib

from lxml import etree

ROOT = pathlib.Path(__file__).resolve().parents[4]
FOLDERS = [
    ("Tests/Fixtures/hostile/svg", "*.svg"),
    ("Tests/Fixtures/benign/svg", "*.svg"),
    ("public/banners", "*.svg"),
    ("Tests/Fixtures/markup", "*.xml"),
]


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def reading(path):
    # Entities are not expanded and nothing is loaded: the point is what the markup says, not what
    # a document type would pull in.
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, remove_comments=False)
    try:
        tree = etree.parse(str(path), parser)
    except etree.XMLSyntaxError as error:
        return {"malformed": str(error)}
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        return {"refused": "document type"}
    if any(isinstance(node, etree._ProcessingInstruction) for node in tree.xpath("//processing-instruction()")):
        return {"refused": "processing instruction"}
    lines = [
        " ".join([element.tag, *element.attrib.keys()])
        for element in tree.getroot().iter()
        if isinstance(element.tag, str)
    ]
    elements = [element for element in tree.getroot().iter() if isinstance(element.tag, str)]
    values = "".join(value + "\0" for element in elements for value in element.attrib.values())
    text = etree.tostring(tree.getroot(), method="text", encoding=str, with_tail=False)
    reading = {
        "count": len(lines),
        "sha256": sha256("".join(line + "\n" for line in lines)),
        "values": sha256(values),
        "text": sha256(text),
    }
    if len(lines) <= 200:
        reading["elements"] = lines
    return reading


def main():
    files = {}
    for folder, pattern in FOLDERS:
        for path in sorted((ROOT / folder).glob(pattern)):
            files[f"{folder}/{path.name}"] = reading(path)
    output = {"libxml2": ".".join(map(str, etree.LIBXML_VERSION)), "files": files}
    target = pathlib.Path(__file__).with_name("expected.json")
    target.write_text(json.dumps(output, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
