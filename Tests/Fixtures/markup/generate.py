"""Writes generated-NN.xml: random documents for MarkupParserAgreementTests, which reads them with
the Swift parser and compares with what libxml2 read in them (../hostile/svg/expected.json).

Seeded, so a rerun writes the same files; standard library only. The grammar leans on what a
namespace-aware reader can get wrong: default namespaces declared, changed and undeclared at any
depth, prefixes bound again inside, the same local name in several namespaces on one element,
references and white space in values, CDATA and comments between text; one document in four is
then broken in one place (a tag closed wrongly, an attribute twice, an unbound prefix, a '<' in a
value, an undefined entity, an expanded name twice), which libxml2 must call malformed too.

    python3 Tests/Fixtures/markup/generate.py
"""

import pathlib
import random

FOLDER = pathlib.Path(__file__).resolve().parent
NAMESPACES = ["http://www.w3.org/2000/svg", "urn:a", "urn:b", "http://www.w3.org/1999/xlink"]
PREFIXES = ["p", "q", "svg", "xlink"]
NAMES = ["svg", "g", "rect", "a-b", "c.d", "_e"]
ATTRIBUTES = ["x", "y", "href", "fill", "d.e"]
PIECES = ["a", " ", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#10;", "&#x9;", "&#233;", "&#x1F600;", "\t", "\n",
          "\r\n", "é", "]", ">"]


def value(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 6)))


def element(rng, depth, bound):
    bound = set(bound)
    declarations = []
    if rng.random() < 0.3:
        declarations.append(f' xmlns="{rng.choice(NAMESPACES + [""])}"')
    for prefix in rng.sample(PREFIXES, rng.randrange(0, 3)):
        declarations.append(f' xmlns:{prefix}="{rng.choice(NAMESPACES)}"')
        bound.add(prefix)
    name = rng.choice(NAMES)
    if bound and rng.random() < 0.5:
        name = f"{rng.choice(sorted(bound))}:{name}"
    attributes = []
    used = set()
    for _ in range(rng.randrange(0, 4)):
        local = rng.choice(ATTRIBUTES)
        prefix = rng.choice(sorted(bound)) if bound and rng.random() < 0.5 else None
        written = f"{prefix}:{local}" if prefix else local
        if written in used:
            continue
        used.add(written)
        quote = rng.choice(['"', "'"])
        attributes.append(f" {written}={quote}{value(rng).replace(quote, '')}{quote}")
    content = ""
    for _ in range(rng.randrange(2, 6) if depth == 0 else rng.randrange(0, 4 if depth < 5 else 1)):
        kind = rng.random()
        if kind < 0.45:
            content += element(rng, depth + 1, bound)
        elif kind < 0.75:
            content += value(rng)
        elif kind < 0.9:
            content += f"<![CDATA[{rng.choice(['<&>', 'x]y', ''])}]]>"
        else:
            content += "<!-- c -->"
    start = f"<{name}{''.join(declarations)}{''.join(attributes)}"
    return f"{start}/>" if not content and rng.random() < 0.5 else f"{start}>{content}</{name}>"


BREAKS = [
    lambda text: text.replace("</", "</x", 1),
    lambda text: text.replace(" x=", ' x="1" x=', 1) if " x=" in text else text + "<",
    lambda text: text.replace("<", "<zz:", 1),
    lambda text: text.replace('="', '="<', 1) if '="' in text else text.replace("<", "<a b='<'", 1),
    lambda text: text.replace(">", ">&nbsp;", 1),
    lambda text: text.replace(">", ' xmlns:m="urn:a" xmlns:n="urn:a" m:k="1" n:k="2">', 1),
]


def main():
    rng = random.Random(48)
    for index in range(60):
        text = element(rng, 0, set())
        if index % 4 == 3:
            text = rng.choice(BREAKS)(text)
        (FOLDER / f"generated-{index:02}.xml").write_bytes(text.encode())


if __name__ == "__main__":
    main()
