#!/usr/bin/env python3
"""Writes the SequenceFuzzer's seed programs into corpus-sequences/ (see the top of
Sources/SequenceFuzzer/SequenceFuzzer.swift for the byte format). Numbers are written as raw
Doubles (selector 0xC0 + 8 bytes), so the seeds do not depend on the fuzzer's tables."""
import json
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def swift_enum(name):
    """`enum NAME`'s cases and raw values from the fuzzer's Instructions.swift: the one table."""
    text = open(os.path.join(HERE, "Sources", "SequenceFuzzer", "Instructions.swift")).read()
    body = re.search(r"enum " + name + r"\b[^{]*\{(.*?)\n\}", text, re.S).group(1)
    return {case: int(value) for case, value in re.findall(r"(\w+) = (\d+)", body)}


def schema():
    """The server's schema as the page gets it (public/js/generated/schema.js, `make schema`)."""
    text = open(os.path.join(ROOT, "public", "js", "generated", "schema.js")).read()
    body = text[text.index("freeze({") + len("freeze("):text.rindex("});") + 1]
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", body))


OPCODE = swift_enum("Opcode")
EXTENDED = swift_enum("Extended")
FIELD = swift_enum("ConfigureField")
CONFIGURE_FLAG = 0x80
SCHEMA = schema()
PRESETS = list(SCHEMA["presets"])
DOWN, MOVE, UP, CANCEL, ADVANCE, COMMAND, CONFIGURE, VISIBILITY, TICK, REOPEN, ODD, PING, RECORDING = (
    OPCODE[name] for name in ["down", "move", "up", "cancel", "advance", "command", "configure", "visibility", "tick",
                              "reopen", "odd", "ping", "extended"])
RECORD_START, RECORD_STOP, SLOW_MO, PROBE = (EXTENDED[name] for name in ["recordStart", "recordStop", "slowMotion", "probe"])
# A configure's field byte: the fixed fields, then the schema's numeric fields in its order (as the
# fuzzer's `numericFields`), so a field by name keeps its byte when the schema grows.
NUMERIC_FIELDS = [field["link"] for field in SCHEMA["fields"] if "minimum" in field or "exclusiveMinimum" in field]


def field(link):
    return len(FIELD) + NUMERIC_FIELDS.index(link)


FIELD_ITEM_WIDTH, FIELD_ITEMS_PER_PAGE = field("itemWidth"), field("itemsPerPage")
FIELD_LOOP_ON = FIELD["loop"] | CONFIGURE_FLAG
FIELD_PRESET, FIELD_ITEMS, FIELD_CHOICE = FIELD["preset"], FIELD["items"], FIELD["namedChoice"]
# The named choices but axis, in the schema's order (the fuzzer's `choiceFields`): a choice byte
# picks the field, then its name.
CHOICES = [(field["link"], field["choices"]) for field in SCHEMA["fields"] if "choices" in field and field["link"] != "axis"]


def choice(field, name):
    names = dict(CHOICES)[field]
    return bytes([[f for f, _ in CHOICES].index(field) + len(CHOICES) * names.index(name)])
# Steps of the hub's clock (`hubSteps`): a 60 Hz tick, a second, an hour.
TICK_FRAME, TICK_SECOND, TICK_HOUR = 4, 7, 12


def num(value):
    return bytes([0xC0]) + struct.pack("<d", value)


def header(preset="banner", live=None, third=False, items=0, shape=0):
    """`items` is the catalog byte (0: bundled items); `shape` the items' byte (bit 0 heights, bit 1 kinds)."""
    setup = PRESETS.index(preset) | (0x10 if third else 0)
    if live is not None:
        setup |= 0x08 | (PRESETS.index(live) << 5)
    return bytes([setup, items]) + (bytes([shape]) if items else b"")


def op(code, conn=0):
    return bytes([(conn << 4) | code])


POINTER_TYPES = [None, "mouse", "touch", "pen"]


def pointer(phase, x, t, y=0.0, conn=0, kind=None):
    """The last byte picks the `pointerType` (none, mouse, touch, pen)."""
    code = {"down": DOWN, "move": MOVE, "up": UP, "cancel": CANCEL}[phase]
    return op(code, conn) + num(x) + num(y) + num(t) + bytes([POINTER_TYPES.index(kind)])


def advance(ms, conn=0):
    return op(ADVANCE, conn) + num(ms)


def recording(action, conn=0, argument=None):
    """`record` start/stop, Slow-mo (argument: the speed's index) or the probe (argument: instructions - 1)."""
    return op(RECORDING, conn) + bytes([action] + ([] if argument is None else [argument]))


def preset(name, conn=0):
    return op(CONFIGURE, conn) + bytes([0x00, FIELD_PRESET, PRESETS.index(name)])


def flick(x0, dx, t0, conn=0, moves=3, y=90.0):
    """A finger flick with `moves` moves 8 ms apart, the manual clock advanced between them."""
    steps = [pointer("down", x0, t0, y, conn)]
    for move in range(1, moves + 1):
        steps += [advance(8, conn), pointer("move", x0 + dx * move, t0 + 8 * move, y, conn)]
    return b"".join(steps + [pointer("up", x0 + dx * moves, t0 + 8 * moves + 1, y, conn)])


def tick(step, conn=0):
    return op(TICK, conn) + bytes([step])


SEEDS = {
    # The NaN crash: a lift 1e-307 pt from the grab, then a tap.
    "nan-after-subnormal-lift": header("banner") + b"".join([
        pointer("down", 0, 0), advance(8), pointer("move", 10, 8), advance(8), pointer("move", 5, 16), advance(8),
        pointer("move", 1e-307, 24), pointer("up", 1e-307, 24), advance(8), advance(8),
        pointer("down", 0, 100), pointer("up", 0, 101),
    ]),
    # docs/protocol/exchange.md's exchange: a swipe that pages to item 1, then a reconfiguration and a bad goto.
    "protocol-swipe": header("banner") + b"".join([
        pointer("down", 300, 0, 90), advance(8), pointer("move", 270, 8, 90), advance(8), pointer("move", 230, 16, 90),
        advance(8), pointer("move", 180, 24, 90), advance(8), pointer("move", 120, 32, 90), pointer("up", 120, 33, 90),
        advance(100), advance(400), op(CONFIGURE) + bytes([0x00, FIELD_PRESET, 2]), op(COMMAND) + bytes([2]) + num(9),
        advance(20000), op(PING),
    ]),
    # The card feed: a fling up, time in tiny and maximal steps.
    "cards-fling": header("cards", items=6, shape=3) + b"".join([
        pointer("down", 180, 0, 500), pointer("move", 180, 8, 400), pointer("move", 180, 16, 200),
        pointer("up", 180, 16, 100), advance(1e-9), advance(4), advance(10000),
    ]),
    # Two viewers fight over the gesture; the owner leaves mid-drag; commands and visibility.
    "two-viewers": header("strip", third=True) + b"".join([
        pointer("down", 100, 0, 0, conn=0), pointer("down", 50, 0, 0, conn=1), pointer("move", 1e6, 1e12, 0, conn=0),
        op(COMMAND, 1) + bytes([0]), op(REOPEN, 0), advance(16, conn=1), op(COMMAND, 2) + bytes([3]) + num(4),
        op(VISIBILITY, 1) + bytes([1]), op(VISIBILITY, 2) + bytes([1]), op(COMMAND, 1) + bytes([9]),
        advance(3000, conn=2), op(REOPEN, 0),
    ]),
    # A live coverflow next to a manual one: the hub's clock steps and ticks, past the linger.
    "live-clock": header("coverflow", live="coverflow") + b"".join([
        op(TICK, 2) + bytes([4]), pointer("down", 0, 1e15, 0, conn=2), op(TICK) + bytes([5]),
        pointer("move", -1e6, -1e15, 0, conn=2), pointer("up", 5e-324, -1e15, 0, conn=2), op(TICK) + bytes([7]),
        op(ADVANCE, 2) + num(8), op(REOPEN, 2), op(TICK) + bytes([11]), op(REOPEN, 2), op(TICK) + bytes([8]),
    ]),
    # Configuration at its edges, then a drag in the changed geometry.
    "configure-edges": header("paged", items=3) + b"".join([
        op(CONFIGURE) + bytes([0x03, 0]) + num(5e-324) + bytes([2]) + num(1e-307) + bytes([4]) + num(0.999999)
        + bytes([8]) + num(0),
        op(CONFIGURE) + bytes([0x01, 6]) + num(1e6) + bytes([7]) + num(1e-300),
        pointer("down", 0, 0), pointer("move", 1e6, 0), pointer("move", -1e6, 0), pointer("up", 1e6, -1),
        advance(1e-9), advance(10000),
    ]),
    # Found by the fuzzer on 4ab6e37 (minimized): a card-feed drag whose samples are 1e-9 ms apart,
    # released at t = 1e-307, then 3 s: the spring went NaN. Table-indexed numbers, unlike the rest.
    "cards-nanosecond-drag": bytes.fromhex("0400000002818104008181818181220000206c63"),
    # Found by the fuzzer on its checkpoint probe (as found): a probe running when Slow-mo of a
    # one-frame gesture starts and ends in the same call, then a viewer rejoins. The replay's end
    # resyncs the session (a frame), which a probe does not repeat: the probe must end there.
    "probe-through-instant-replay": bytes.fromhex(
        "04910000000481000000000000000000000000ffffffffffff00eb22636f6e663d69670027002200002c2262756200"
        "00000a69ffffffff6e67000000000000000000000001000000000000000000000000ffffff06fffefefe22636f6e66"
        "3d6967002700220000206c23"
    ),
    # Recorded at rest: a flick that pages, stopped after it settles; then Slow-mo of it, played out.
    "record-flick": header("banner") + b"".join([
        recording(RECORD_START), flick(300, -40, 0), advance(16), advance(400), advance(3000),
        recording(RECORD_STOP, conn=1), recording(SLOW_MO, argument=1), tick(TICK_SECOND), tick(TICK_HOUR),
    ]),
    # Recorded mid-flight: the recording's checkpoint is before the flick, its start in the motion; a
    # second flick caught mid-flight, a viewer leaving and coming back, a configure while it moves.
    "record-mid-flight": header("paged", third=True) + b"".join([
        flick(300, -50, 0), advance(8), recording(RECORD_START, conn=1), advance(16),
        pointer("down", 200, 100, conn=2), pointer("move", 150, 108, conn=2), pointer("up", 150, 109, conn=2),
        op(REOPEN, 1), advance(16), op(CONFIGURE) + bytes([0x00, field("inset")]) + num(0.9), op(REOPEN, 1), advance(500),
        recording(RECORD_STOP, conn=2), recording(SLOW_MO, argument=0), tick(TICK_HOUR),
    ]),
    # A probe from the checkpoint at rest, through a layout switch (banner to cards and back), new
    # items, a drag cancelled, commands and visibility.
    "probe-layout-switch": header("banner", third=True) + b"".join([
        advance(16), recording(PROBE, argument=15), preset("cards"), flick(180, -30, 0, y=400),
        op(CONFIGURE) + bytes([0x00, FIELD_ITEMS, 5, 3]), advance(100), pointer("down", 100, 200),
        pointer("move", 60, 208), pointer("cancel", 60, 209), op(COMMAND, 1) + bytes([0]), advance(8),
        op(VISIBILITY, 2) + bytes([1]), preset("banner"), advance(1000), op(COMMAND) + bytes([2]) + num(3),
        advance(16), advance(1000),
    ]),
    # The live clock: auto-scroll on, a probe, then a flick recorded with the hub's ticks, a viewer
    # coming and going, and Slow-mo.
    "live-record-probe": header("banner", live="coverflow") + b"".join([
        op(COMMAND, 2) + bytes([9]), tick(TICK_SECOND), recording(PROBE, conn=2, argument=15), tick(TICK_FRAME),
        recording(RECORD_START, conn=2), pointer("down", 300, 0, 90, conn=2), tick(TICK_FRAME),
        pointer("move", 250, 16, 90, conn=2), tick(TICK_FRAME), pointer("up", 200, 33, 90, conn=2),
        tick(TICK_FRAME), tick(TICK_FRAME), tick(TICK_SECOND), tick(TICK_SECOND), tick(TICK_SECOND),
        recording(RECORD_STOP, conn=2), recording(SLOW_MO, conn=2, argument=2), tick(TICK_SECOND),
        tick(TICK_SECOND), recording(PROBE, conn=2, argument=7), tick(TICK_SECOND), tick(TICK_SECOND),
    ]),
    # Pages of two 100 pt items aligned to the end of a strip, then the same in a loop of 7 items
    # (a count the page does not divide): flicks, commands and a go to an item inside a page.
    "group-paging-align": header("strip", items=7) + b"".join([
        op(CONFIGURE) + bytes([0x02, FIELD_ITEM_WIDTH]) + num(100) + bytes([FIELD_ITEMS_PER_PAGE]) + num(2)
        + bytes([FIELD_CHOICE]) + choice("align", "end"),
        flick(300, -30, 100, moves=4), advance(600), op(COMMAND) + bytes([0]), advance(600),
        op(COMMAND) + bytes([2]) + num(5) + bytes([1]), advance(600),
        op(CONFIGURE) + bytes([0x01, FIELD_LOOP_ON, FIELD_CHOICE]) + choice("align", "center"),
        flick(300, 50, 1000, moves=3), advance(600), op(COMMAND) + bytes([1]), advance(600),
        flick(300, -60, 2000, moves=6), advance(600),
    ]),
}

def main(arguments):
    """Writes the seeds into corpus-sequences/; with --check, writes nothing and fails naming each
    committed seed that differs from what this script writes (a test runs that)."""
    folder = os.path.join(HERE, "corpus-sequences")
    if "--check" in arguments:
        stale = [name for name, data in SEEDS.items()
                 if not os.path.exists(os.path.join(folder, name)) or open(os.path.join(folder, name), "rb").read() != data]
        if stale:
            sys.exit(f"stale seeds (run python3 Fuzz/sequence_seeds.py): {', '.join(stale)}")
        print(f"{len(SEEDS)} seeds are current")
        return
    os.makedirs(folder, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(folder, name), "wb") as seed:
            seed.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
