"""Hostile data fed straight into the page (issue F6): catalogs whose items' kinds are names of
Object.prototype's members ("constructor", "__proto__", "toString", ...), empty or made up, with
titles and images of every odd type, then frames. The server refuses most of this, but the page must
not depend on every server (an older one, a bug) refusing it, so the test bypasses the server: it
wraps the page's WebSocket and hands crafted text to the page's own message listener, the path every
server message takes (connection.js, then main.js's `handle`).

The page must keep drawing (its requestAnimationFrame loops survive a frame they cannot draw, and
say so once), never turn injected text into live HTML, and draw the next valid frame correctly."""

import copy
import json
import os
import random

import pytest
from page_helpers import DRAW_ERROR, DRAWS_FRAMES, LONG_RUN, look, new_session, record_notices, settle_visuals

# Installed before the page's modules run. `hostile.deliver(texts)` hands each text to the page's
# newest socket "message" listener as if the server had sent it, waits one animation frame after each
# (so the page draws it) and returns what the page's handlers threw; `muted` keeps the real server's
# messages from the page from then on. `pageFrames` counts the page's own animation-frame callbacks
# (the test waits on the native one), `consoleErrors` what the page wrote with console.error, and
# `latest` the last real message of each type.
HOSTILE_SOCKET = """
(() => {
    const hostile = (window.hostile = { muted: false, listeners: [], pageFrames: 0, consoleErrors: [], latest: new Map() });
    const nativeFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => nativeFrame((time) => { hostile.pageFrames += 1; callback(time); });
    hostile.nextFrame = () => new Promise((resolve) => nativeFrame(() => resolve()));
    const nativeError = console.error.bind(console);
    console.error = (...parts) => { hostile.consoleErrors.push(parts.map(String).join(" ")); nativeError(...parts); };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        addEventListener(type, listener, options) {
            if (type !== "message") return super.addEventListener(type, listener, options);
            hostile.listeners.push(listener);
            return super.addEventListener(type, (event) => {
                if (hostile.muted) return;
                try { hostile.latest.set(JSON.parse(event.data).type, event.data); } catch {}
                listener.call(this, event);
            }, options);
        }
    };
    hostile.deliver = async (texts) => {
        const listener = hostile.listeners.at(-1);
        const thrown = [];
        for (const text of texts) {
            try { listener(new MessageEvent("message", { data: text })); }
            catch (error) { thrown.push(String(error)); }
            await hostile.nextFrame();
        }
        return thrown;
    };
})();
"""

PROTOTYPE_NAMES = [
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "__defineGetter__",
    "__lookupSetter__",
]
# Text that would do something if it ever became HTML.
MARKUP = [
    '<b class="injected-markup">bold</b>',
    '<img src="x" class="injected-markup" onerror="window.hostilePwned = true">',
    "<script>window.hostilePwned = true</script>",
    '"><svg class="injected-markup" onload="window.hostilePwned = true"></svg>',
]
ODD_NUMBERS = [0, -0.0, 1e-307, -1e-307, 5e-324, 1e308, -1e308, 2**53 + 1, -1, 0.5, 1.5, 3]
NAN_LIKE = ["NaN", "Infinity", "-Infinity", "1e999", "-0", "", " ", "0x10", "length"]
LONG_TEXT = "long " * 20000

ROW = 80  # each test frame stacks its cards this many points apart


def deliver(page, *messages):
    """Hands `messages` (objects, sent as JSON, or raw text) to the page; what its handlers threw."""
    texts = [m if isinstance(m, str) else json.dumps(m, allow_nan=False) for m in messages]
    return page.evaluate("texts => hostile.deliver(texts)", texts)


def open_hostile_page(open_page, server):
    """The card feed on the real server (manual clock: no frame comes unasked), then the socket
    wrapped and the real server's messages muted; the welcome and its frame as the page got them.
    `open_page` fails the test on any uncaught error: the draw loops must catch their own, and
    `deliver` catches what the message handlers throw (and returns it)."""
    url = server.url(f"?session={new_session('hostile')}&preset=cards&clock=manual{DRAWS_FRAMES}")
    page = open_page(url)
    open_page.tolerate_draw_errors(page)
    page.add_init_script(HOSTILE_SOCKET)
    page.goto(url)  # not a reload: the address bar's link leaves out `engine`
    page.wait_for_selector("#carousel[data-phase]")
    page.wait_for_function("() => hostile.latest.has('welcome') && hostile.latest.has('frame')")
    latest = page.evaluate("() => { hostile.muted = true; return [hostile.latest.get('welcome'), hostile.latest.get('frame')] }")
    return page, json.loads(latest[0]), json.loads(latest[1])


def config_message(config, items):
    return {"type": "config", "by": 1, "config": config, "items": items}


def frame_message(template, time, slots, index=0, count=None):
    frame = copy.deepcopy(template)
    frame.update(
        time=time,
        phase="idle",
        index=index,
        count=len(slots) if count is None else count,
        target=None,
        input=None,
        events=[],
        slots=slots,
    )
    return frame


def stacked_slots(kinds, first_item, shift):
    """One card slot per kind, each showing the next item, stacked ROW points apart from `shift`."""
    return [
        {"id": n, "item": first_item + n, "kind": kind, "x": 0, "y": shift + ROW * n, "width": 375, "height": ROW - 4, "scale": 1}
        for n, kind in enumerate(kinds)
    ]


def wait_drawn(page, slots, timeout=3000):
    """The page shows exactly these slots, each one that shows an item (unscaled) at its place and
    size."""
    expected = [
        {"id": s["id"], "x": s["x"], "y": s["y"], "width": s["width"], "height": s["height"]}
        for s in slots
        if s["item"] is not None
    ]
    page.wait_for_function(
        """([count, slots]) => {
            const near = (text, value) => Math.abs(parseFloat(text) - value) < 0.01;
            return document.querySelectorAll('#viewport .slot').length === count && slots.every(s => {
                const element = document.querySelector(`#viewport .slot[data-slot="${s.id}"]`);
                const at = element && /translate3d\\(([^,]+)px, ([^,]+)px/.exec(element.style.transform);
                return at !== null && near(at[1], s.x) && near(at[2], s.y)
                    && near(element.style.width, s.width) && near(element.style.height, s.height);
            });
        }""",
        arg=[len(slots), expected],
        timeout=timeout,
    )


def assert_no_live_markup(page):
    found = page.evaluate(
        """() => ({
            injected: document.querySelectorAll('.injected-markup, #carousel script, #carousel svg, #carousel b').length,
            handlers: document.querySelectorAll('[onerror], [onload]').length,
            ran: window.hostilePwned === true,
        })"""
    )
    assert found == {"injected": 0, "handlers": 0, "ran": False}


def draw_errors(page):
    return [text for text in page.evaluate("() => hostile.consoleErrors") if text.startswith(DRAW_ERROR)]


def hostile_catalog():
    """Every Object.prototype name, the empty kind and made-up ones as kinds; titles, subtitles and
    images of odd types and sizes, markup among them."""
    kinds = PROTOTYPE_NAMES + ["", "video", "Banner", "card ", "slot dragging", "photo\u0000", "💥"]
    titles = [*MARKUP, 42, None, -0.0, 1e308, LONG_TEXT, {"nested": "object"}, ["array"], True, "plain title"]
    images = [None, 0, 1e308, "", MARKUP[1], "javascript:window.hostilePwned = true", {"src": "x"}, "data:,"]
    return [
        {
            "id": f"hostile-{n}",
            "title": titles[n % len(titles)],
            "subtitle": titles[(n + 3) % len(titles)],
            "image": images[n % len(images)],
            "kind": kind,
            "height": ODD_NUMBERS[n % len(ODD_NUMBERS)],
        }
        for n, kind in enumerate(kinds)
    ]


def test_prototype_names_and_odd_items_neither_stop_the_drawing_nor_become_html(server, open_page):
    page, welcome, template = open_hostile_page(open_page, server)
    catalog = hostile_catalog()
    assert deliver(page, config_message(welcome["config"], catalog)) == []
    # Five cards a frame, each frame a window further on and shifted: every one must be drawn.
    time = template["time"]
    for first in range(0, len(catalog), 5):
        window = catalog[first : first + 5]
        slots = stacked_slots([item["kind"] for item in window], first, shift=-first)
        time += 4
        assert deliver(page, frame_message(template, time, slots, index=first, count=len(catalog))) == []
        wait_drawn(page, slots)
        shown = page.evaluate(
            """() => [...document.querySelectorAll('#viewport .slot')].map(s => ({
                kind: s.dataset.kind, cardLook: s.classList.contains('card') || s.classList.contains('photo') || s.classList.contains('text'),
                title: s.querySelector('.title')?.textContent ?? null }))"""
        )
        for slot, item, seen in zip(slots, window, shown, strict=True):
            assert seen["kind"] == slot["kind"]
            # An unknown kind gets the plain card's markup and look, never a prototype member's text.
            assert seen["cardLook"], seen
            if isinstance(item["title"], str):
                assert seen["title"] == item["title"]
        assert_no_live_markup(page)

    # The page's animation-frame callbacks keep running.
    before = page.evaluate("() => hostile.pageFrames")
    page.wait_for_function("before => hostile.pageFrames > before + 5", arg=before)

    # A frame the renderer cannot draw (no slots at all), three times: said once in the console and
    # once in a notice; the next valid frame draws.
    record_notices(page)
    broken = frame_message(template, time + 4, [])
    broken["slots"] = None
    assert deliver(page, broken, broken, broken) == []
    slots = stacked_slots(PROTOTYPE_NAMES[:5], 0, shift=12)
    assert deliver(page, frame_message(template, time + 8, slots, count=len(catalog))) == []
    wait_drawn(page, slots)
    assert len(draw_errors(page)) == 1, draw_errors(page)
    assert "carousel" in draw_errors(page)[0]
    notices = [text for text in page.evaluate("() => window.noticesSeen") if "could not draw" in text]
    assert len(notices) == 1, notices
    assert_no_live_markup(page)
    settle_visuals(page)
    look(page, "hostile-page-data.png")

    # The session's own carousel again: drawn as the server's frame says, every card in its place.
    assert deliver(page, config_message(welcome["config"], welcome["items"]), template) == []
    wait_drawn(page, template["slots"])
    titles = page.evaluate(
        """() => [...document.querySelectorAll('#viewport .slot:not([hidden])')].map(s => [Number(s.dataset.item), s.querySelector('.title').textContent])"""
    )
    assert titles and all(title == welcome["items"][item]["title"] for item, title in titles)
    assert page.locator("#counter").inner_text() == f"{template['index'] + 1} of {template['count']}"
    assert_no_live_markup(page)


# The fuzz: random catalogs and frames, valid and hostile values mixed, members left out.


def odd_value(rng):
    choice = rng.random()
    if choice < 0.35:
        return rng.choice(ODD_NUMBERS)
    if choice < 0.6:
        return rng.choice(NAN_LIKE + PROTOTYPE_NAMES)
    if choice < 0.7:
        return rng.choice(MARKUP)
    if choice < 0.97:
        # Objects that refuse to become text: their own toString and valueOf are not functions.
        return rng.choice(
            [None, True, False, [], {}, [1, 2], {"x": 1}, "text", {"toString": 1}, {"valueOf": None, "toString": None}]
        )
    return LONG_TEXT


def mixed(rng, valid, odd_chance=0.3):
    return odd_value(rng) if rng.random() < odd_chance else valid


def without_some(rng, members, chance=0.08):
    return {key: value for key, value in members.items() if rng.random() >= chance}


def random_catalog(rng):
    if rng.random() < 0.05:
        return odd_value(rng)  # not even a list
    items = []
    for n in range(rng.randrange(0, 12)):
        if rng.random() < 0.08:
            items.append(odd_value(rng))
            continue
        kind = rng.choice(PROTOTYPE_NAMES + ["card", "photo", "text", "", "banner", f"kind-{rng.randrange(1000)}"])
        items.append(
            without_some(
                rng,
                {
                    "id": mixed(rng, f"f-{n}", 0.1),
                    "title": mixed(rng, f"Title {n}"),
                    "subtitle": mixed(rng, "subtitle"),
                    "image": mixed(rng, "", 0.4),
                    "kind": mixed(rng, kind, 0.15),
                    "height": mixed(rng, 600, 0.5),
                },
            )
        )
    return items


def random_config(rng, baseline):
    config = copy.deepcopy(baseline)
    if rng.random() < 0.5:
        for key in rng.sample(
            ["preset", "axis", "inset", "spacing", "sideScale", "decelerationRate", "itemsPerPage", "loop", "itemWidth"], 3
        ):
            config[key] = (
                mixed(rng, config.get(key), 1) if key != "preset" else rng.choice(PROTOTYPE_NAMES + ["cards", "banner", "nope"])
            )
        for key in ("width", "height"):
            config["viewport"][key] = mixed(rng, config["viewport"][key], 0.2)
        config["autoscroll"]["intervalMs"] = mixed(rng, 3000, 0.2)
    return config


def random_slot(rng, n, count):
    return without_some(
        rng,
        {
            "id": mixed(rng, n, 0.15),
            "item": mixed(rng, rng.randrange(-1, count + 2) if count else None, 0.25),
            "kind": mixed(rng, rng.choice(PROTOTYPE_NAMES + ["card", "photo", "text", ""]), 0.2),
            "x": mixed(rng, rng.uniform(-400, 400)),
            "y": mixed(rng, rng.uniform(-600, 600)),
            "width": mixed(rng, 375),
            "height": mixed(rng, rng.uniform(1, 900)),
            "scale": mixed(rng, 1, 0.2),
        },
    )


def random_frame(rng, template, time, count):
    frame = copy.deepcopy(template)
    slots = [random_slot(rng, n, count) for n in range(rng.randrange(0, 8))]
    frame.update(
        {
            "time": mixed(rng, time, 0.15),
            "phase": mixed(rng, rng.choice(["idle", "dragging", "animating"]), 0.2),
            "index": mixed(rng, rng.randrange(0, max(1, count))),
            "count": mixed(rng, count),
            "offset": mixed(rng, rng.uniform(-1e4, 1e4)),
            "velocity": mixed(rng, 0),
            "target": mixed(rng, None if rng.random() < 0.5 else {"index": 1, "offset": 80}),
            "slots": mixed(rng, slots, 0.1),
            "page": mixed(rng, None, 0.2),
            "events": mixed(
                rng,
                [
                    {
                        "type": mixed(rng, rng.choice(["settled", "pageChanged", "interrupted", "autoScrolled"])),
                        "index": mixed(rng, 1),
                        "previous": mixed(rng, 0),
                    }
                ],
                0.2,
            ),
            "input": mixed(rng, None, 0.2),
        }
    )
    if rng.random() < 0.2:
        frame["autoscroll"] = odd_value(rng)
    return without_some(rng, frame, 0.04)


@pytest.mark.scales_with_length
def test_a_seeded_fuzz_of_catalogs_and_frames_never_stops_the_drawing(server, open_page):
    seed = int(os.environ.get("HOSTILE_SEED", random.SystemRandom().randrange(2**32)))
    print(f"hostile page data fuzz: seed {seed} (HOSTILE_SEED={seed} repeats it)")
    rng = random.Random(seed)
    page, welcome, template = open_hostile_page(open_page, server)
    baseline = welcome["config"]
    time = template["time"]
    thrown = []
    # 60 catalogs and their frames in `make test`, 200 in `make test-long`.
    rounds, batch = (200, 20) if LONG_RUN else (60, 20)
    for start in range(0, rounds, batch):
        messages = []
        for _ in range(batch):
            catalog = random_catalog(rng)
            messages.append(config_message(random_config(rng, baseline), catalog) if rng.random() < 0.95 else {"type": "config"})
            for _ in range(rng.randrange(1, 3)):
                time += 4
                messages.append(random_frame(rng, template, time, len(catalog) if isinstance(catalog, list) else 3))
            if rng.random() < 0.05:
                messages.append(rng.choice(["{", "NaN", "null", "[]", '{"type": "constructor"}', '{"type": "__proto__"}']))
            if rng.random() < 0.05:
                messages.append(
                    {
                        "type": "replay",
                        "state": rng.choice(["started", "finished"]),
                        "speed": odd_value(rng),
                        "durationMs": odd_value(rng),
                        "playedMs": odd_value(rng),
                    }
                )
        frames_before = page.evaluate("() => hostile.pageFrames")
        thrown += deliver(page, *messages)
        # Still alive: a valid configuration (with the last catalog, odd as it may be) and a valid
        # frame after the batch are drawn as they say. (Handlers that compare with the last frame,
        # such as the event log's, may still choke on it: only the drawing is judged here.)
        time += 4
        slots = stacked_slots(["card", "photo", rng.choice(PROTOTYPE_NAMES)], 0, shift=start)
        thrown += deliver(
            page,
            config_message(baseline, catalog if isinstance(catalog, list) else []),
            frame_message(template, time, slots, count=3),
        )
        wait_drawn(page, slots)
        assert page.evaluate("() => hostile.pageFrames") > frames_before, f"seed {seed}: no animation frame ran"
        assert_no_live_markup(page)
    # A replay the fuzz may have left playing ends; the session's own carousel draws as it should.
    time += 4
    thrown += deliver(
        page,
        {"type": "replay", "state": "finished"},
        config_message(baseline, welcome["items"]),
        frame_message(template, time, template["slots"], template["index"], template["count"]),
    )
    wait_drawn(page, template["slots"])
    titles = page.evaluate(
        """() => [...document.querySelectorAll('#viewport .slot:not([hidden])')].map(s => [Number(s.dataset.item), s.querySelector('.title').textContent])"""
    )
    assert titles and all(title == welcome["items"][item]["title"] for item, title in titles), f"seed {seed}"
    # Each draw error was said once, however often it came back.
    reported = draw_errors(page)
    assert len(reported) == len(set(reported)), reported
    print(f"{len(thrown)} handler exceptions outside the draw loops; {len(reported)} distinct draw errors reported")
