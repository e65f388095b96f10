"""Share links and the export buttons, in real headless Chromium against the real server.

A share link (the status bar's "Copy link") carries the session's preset, the values that differ
from it and the item count; the page passes it on when it connects, and the server makes the session
it creates from it (even on a restarted or another server); a session that already exists is joined
as it is, the page showing how the link differs and offering the choice (test_shared_session.py). "Copy as JSON" gives a settings file (the configuration and the item count), "Copy as
Swift" the server's Swift expression. What the server holds is read by a watcher: a second
WebSocket, opened from the page, that reads a session's `welcome`."""

import json
import uuid
from urllib.parse import parse_qsl, urlsplit

from conftest import PHONE, Server, free_port
from page_helpers import look, settle_visuals

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def new_session():
    return f"s-{uuid.uuid4().hex[:8]}"


def watch(page, session):
    """The session's configuration and items as the server holds them now: the `welcome` of a
    watcher that joins it (joining creates no session that a test reads: it already exists)."""
    return page.evaluate(
        """session => new Promise((resolve, reject) => {
            const socket = new WebSocket(`ws://${location.host}/ws?session=${session}`);
            socket.onmessage = event => {
                const message = JSON.parse(event.data);
                if (message.type !== 'welcome') return;
                socket.close();
                resolve({config: message.config, items: message.items});
            };
            socket.onerror = () => reject(new Error('watcher could not connect'));
        })""",
        session,
    )


def exchange(page, session, message, answer_types=("config", "error", "export")):
    """Sends `message` as a new viewer of `session` (a fresh one: created by this connection) and
    returns the first answer of one of `answer_types`."""
    return page.evaluate(
        """([session, message, types]) => new Promise((resolve, reject) => {
            const socket = new WebSocket(`ws://${location.host}/ws?session=${session}`);
            socket.onmessage = event => {
                const answer = JSON.parse(event.data);
                if (answer.type === 'welcome') socket.send(JSON.stringify(message));
                else if (types.includes(answer.type)) { socket.close(); resolve(answer); }
            };
            socket.onerror = () => reject(new Error('could not connect'));
        })""",
        [session, message, list(answer_types)],
    )


def set_range(page, name, value):
    """Moves a slider as a user would: an `input` event with the new value."""
    page.eval_on_selector(
        f"input[name={name}]", "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", value
    )


def share_link(page):
    return page.get_attribute("#session-link", "href")


def wait_link_has(page, *parts):
    page.wait_for_function(
        "parts => { const href = document.querySelector('#session-link').href; return parts.every(p => href.includes(p)) }",
        arg=list(parts),
    )


def wait_applied(page, url):
    """The page shows `url` as its link (and address) only once the session matches it."""
    page.wait_for_function("url => document.querySelector('#session-link').href === url && location.href === url", arg=url)


def configures(open_page, page):
    return [message for message in open_page.sent(page) if message["type"] == "configure"]


def copied(page):
    return page.input_value("#copied-text")


def clipboard(page):
    return page.evaluate("() => navigator.clipboard.readText()")


def tune_coverflow(page):
    """Coverflow with spacing 12, 8 items, deceleration 0.995, auto-scroll off every 2000 ms."""
    page.select_option("select[name=preset]", "coverflow")
    wait_link_has(page, "preset=coverflow")
    set_range(page, "spacing", 12)
    set_range(page, "items", 8)
    set_range(page, "decelerationRate", 0.995)
    # Tab commits the field (one `change`, as for a user; a synthetic one would be followed by the
    # browser's own when the field loses focus).
    page.fill("input[name=intervalMs]", "2000")
    page.press("input[name=intervalMs]", "Tab")
    # The auto-scroll toggle flips what it shows: click it once the updates are back and it shows on.
    wait_link_has(page, "spacing=12", "items=8", "decelerationRate=0.995", "intervalMs=2000")
    page.locator("#pause[aria-pressed=true]").click()
    wait_link_has(page, "autoscroll=off")


TUNED_QUERY = [
    ("preset", "coverflow"),
    ("items", "8"),
    ("spacing", "12"),
    ("decelerationRate", "0.995"),
    ("autoscroll", "off"),
    ("intervalMs", "2000"),
]


def test_a_copied_link_rebuilds_the_carousel_after_a_server_restart_and_on_another_server(open_page):
    port = free_port()
    running = Server(port).start()
    other = None
    try:
        session = new_session()
        page = open_page(running.url(f"?session={session}"))
        page.context.grant_permissions(CLIPBOARD)
        tune_coverflow(page)
        page.click("#copy-link")
        page.wait_for_selector("#copied:not([hidden])")
        link = clipboard(page)
        assert link == copied(page) == share_link(page)
        # Readable: the session, the preset and only what differs from it.
        parts = urlsplit(link)
        assert parts.netloc == f"127.0.0.1:{port}" and parts.path == "/"
        assert parse_qsl(parts.query) == [("session", session)] + TUNED_QUERY
        tuned = watch(page, session)
        assert tuned["config"]["spacing"] == 12 and len(tuned["items"]) == 8
        page.close()

        # The server restarts on the same port: the session is gone, the link brings it back.
        running.stop()
        running = Server(port).start()
        reopened = open_page(link)
        wait_applied(reopened, link)
        assert watch(reopened, session) == tuned
        # No configure: the server made the session from the link in the handshake (cycling its
        # own catalog to the count: no catalog goes over the wire).
        assert configures(open_page, reopened) == []

        # Another server (another port): the same carousel from the same link.
        other = Server(free_port()).start()
        elsewhere = link.replace(f":{port}/", f":{other.port}/")
        moved = open_page(elsewhere)
        wait_applied(moved, elsewhere)
        assert watch(moved, session) == tuned
        assert moved.locator("#carousel").get_attribute("data-count") == "8"
        assert moved.input_value("input[name=spacing]") == "12"
        moved.wait_for_selector("#pause[aria-pressed=false]")
    finally:
        running.stop()
        if other:
            other.stop()


def test_an_untuned_link_carries_only_the_session_and_preset(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=strip"))
    assert parse_qsl(urlsplit(share_link(page)).query) == [("session", session), ("preset", "strip")]
    # The address bar is the link too.
    assert page.url == share_link(page)
    assert configures(open_page, page) == []


def test_opening_a_link_to_a_session_that_matches_it_sends_nothing(server, open_page):
    session = new_session()
    first = open_page(server.url(f"?session={session}"))
    tune_coverflow(first)
    link = share_link(first)
    second = open_page(link)
    wait_applied(second, link)
    assert configures(open_page, second) == []
    # A plain link to the session joins it as it is.
    third = open_page(server.url(f"?session={session}"))
    wait_applied(third, link)
    assert configures(open_page, third) == []


def test_a_link_to_a_session_that_differs_joins_it_as_it_is_and_says_what_it_did_not_take(server, open_page):
    session = new_session()
    first = open_page(server.url(f"?session={session}&preset=cards"))
    set_range(first, "spacing", 30)
    wait_link_has(first, "spacing=30")
    held = watch(first, session)
    link = server.url(f"?session={session}&preset=coverflow&items=7&rubberBand=0.7&spacing=30")
    second = open_page(link)
    # The session is shared: nothing changes for the first viewer, and the second sees what it holds.
    wait_applied(second, share_link(first))
    assert watch(second, session) == held
    choice = second.locator("#shared-choice")
    choice.wait_for(state="visible")
    differences = second.locator("#shared-choice-differences li").all_inner_texts()
    assert differences[0] == "preset: cards here, coverflow in your link", differences
    assert "rubberBand: 0.55 here, 0.7 in your link" in differences
    assert differences[-1] == "items: 60 here, 7 in your link", differences
    assert configures(open_page, second) == []
    assert first.locator("#carousel").get_attribute("data-count") == "60"


def test_a_link_makes_its_new_session_with_the_item_count_from_the_servers_catalog(server, open_page):
    session = new_session()
    # Coverflow with 7 banners: the server cycles its own 5 banners to 7.
    link = server.url(f"?session={session}&preset=coverflow&items=7&rubberBand=0.7")
    page = open_page(link)
    wait_applied(page, link)
    state = watch(page, session)
    assert state["config"]["preset"] == "coverflow" and state["config"]["rubberBand"] == 0.7
    assert state["config"]["spacing"] == 10 and len(state["items"]) == 7
    assert [item["id"] for item in state["items"]][5:] == ["spring-sale~2", "new-arrivals~2"]
    # 12 of the 60 bundled cards: the card feed from a link, and it works.
    cards = server.url(f"?session={new_session()}&preset=cards&items=12&rubberBand=0.7")
    feed = open_page(cards)
    wait_applied(feed, cards)
    assert feed.locator("#carousel").get_attribute("data-count") == "12"
    feed.focus("#carousel")
    feed.keyboard.press("ArrowDown")
    feed.wait_for_function("() => document.querySelector('#carousel').dataset.index === '1'")
    assert configures(open_page, page) == [] and configures(open_page, feed) == []


def welcome_of(open_page, page):
    """The `welcome` the page received first."""
    return next(message for message in open_page.received(page) if message["type"] == "welcome")


def test_a_link_with_an_out_of_range_value_opens_with_that_field_reported_ignored(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=strip&spacing=99999&inset=12"))
    wait_applied(page, share_link_for(server, session, [("preset", "strip"), ("inset", "12")]))
    report = welcome_of(open_page, page)["link"]
    assert report["applied"] == ["preset", "inset"]
    assert report["ignored"] == [
        {
            "field": "spacing",
            "code": "out_of_range",
            "minimum": 0,
            "maximum": 10000,
            "message": "spacing must be between 0 and 10000 pt, got 99999",
        }
    ]
    assert page.locator(".notice.error", has_text="Ignored from the link").first.inner_text() == (
        "Ignored from the link: spacing must be between 0 and 10000 pt, got 99999"
    )
    assert configures(open_page, page) == []
    assert page.input_value("input[name=spacing]") == "8"


def test_unknown_and_invalid_link_values_are_ignored(server, open_page):
    session = new_session()
    url = server.url(
        f"?session={session}&preset=strip&spacing=-5&decelerationRate=abc&bogus=1&items=99999"
        "&autoscroll=maybe&inset=12&springFrequency=35&loop=on&viewportHeight=200"
    )
    page = open_page(url)
    notice = page.locator(".notice.error", has_text="Ignored from the link")
    assert notice.first.inner_text() == (
        "Ignored from the link: spacing must be between 0 and 10000 pt, got -5; "
        'decelerationRate must be a number, got "abc"; autoscroll must be on or off, got "maybe"; '
        'items must be a whole number from 0 to 1000, got "99999"'
    )
    codes = {entry["field"]: entry["code"] for entry in welcome_of(open_page, page)["link"]["ignored"]}
    assert codes == {
        "spacing": "out_of_range",
        "decelerationRate": "wrong_type",
        "autoscroll": "wrong_type",
        "items": "out_of_range",
    }
    expected = share_link_for(
        server,
        session,
        [("preset", "strip"), ("loop", "on"), ("viewportHeight", "200"), ("inset", "12"), ("springFrequency", "35")],
    )
    wait_applied(page, expected)
    config = watch(page, session)["config"]
    assert (config["inset"], config["springFrequency"], config["loop"], config["viewport"]) == (
        12,
        35,
        True,
        {"width": 375, "height": 200},
    )
    assert config["spacing"] == 8 and config["decelerationRate"] == 0.99
    assert configures(open_page, page) == []


def test_values_that_do_not_fit_together_drop_the_one_the_rule_names(server, open_page):
    session = new_session()
    # An inset of 200 leaves no room for an item in 375 pt: a rule between fields, the server's.
    page = open_page(server.url(f"?session={session}&preset=coverflow&inset=200&spacing=14"))
    expected = share_link_for(server, session, [("preset", "coverflow"), ("spacing", "14")])
    wait_applied(page, expected)
    [entry] = welcome_of(open_page, page)["link"]["ignored"]
    assert (entry["field"], entry["code"]) == ("inset", "conflict")
    page.wait_for_selector(".notice.error:has-text('Ignored from the link: inset was left out')")
    assert configures(open_page, page) == []
    # The page works on.
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.index === '1'")


def test_a_bad_preset_or_clock_still_opens_a_working_page(server, open_page):
    # (A session name the server would refuse is asked about instead: test_stable_page.py.)
    page = open_page(server.url(f"?session={new_session()}&preset=nope&clock=sometimes"))
    page.wait_for_function("() => document.body.dataset.connection === 'live'")
    texts = page.locator(".notice.error", has_text="Ignored from the link").all_inner_texts()
    # The clock would refuse the connection: the page leaves it out itself.
    assert "Ignored from the link: clock" in texts
    assert any(
        text.startswith("Ignored from the link: preset must be one of banner, paged") and 'got "nope"' in text for text in texts
    ), texts
    assert configures(open_page, page) == []


def test_a_link_to_forty_cards_gets_them_without_sending_a_catalog(server, open_page):
    session = new_session()
    # 40 bundled cards are about 35 KB, over the 16 KiB a message may hold: the server makes them.
    link = server.url(f"?session={session}&preset=cards&items=40&spacing=4")
    page = open_page(link)
    wait_applied(page, link)
    assert page.evaluate("() => document.body.dataset.connection") == "live"
    state = watch(page, session)
    assert len(state["items"]) == 40 and state["config"]["spacing"] == 4
    assert configures(open_page, page) == []


def share_link_for(server, session, query):
    return server.url("?" + "&".join(f"{key}={value}" for key, value in [("session", session)] + query))


def test_copy_as_json_reproduces_the_configuration_in_a_fresh_session(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=strip"))
    page.context.grant_permissions(CLIPBOARD)
    set_range(page, "spacing", 20)
    set_range(page, "sideScale", 0.9)
    set_range(page, "decelerationRate", 0.985)
    wait_link_has(page, "spacing=20", "sideScale=0.9", "decelerationRate=0.985")
    page.locator("#pause[aria-pressed=false]").click()
    wait_link_has(page, "spacing=20", "sideScale=0.9", "decelerationRate=0.985", "autoscroll=on")
    page.click("#copy-json")
    page.wait_for_selector("#export-status[data-state=done]")
    text = copied(page)
    assert clipboard(page) == text
    settings = json.loads(text)
    # A settings file: the preset and only what differs from it, and the item count.
    assert settings == {
        "format": "carousel-preview/settings",
        "version": 1,
        "config": {
            "preset": "strip",
            "spacing": 20,
            "sideScale": 0.9,
            "decelerationRate": 0.985,
            "autoscroll": {"enabled": True},
        },
        "itemCount": 5,
    }
    # Laid out for a file, one member a line.
    assert text.startswith('{\n  "format": "carousel-preview/settings",')
    tuned = watch(page, session)["config"]
    fresh = exchange(page, new_session(), {"type": "configure", "config": settings["config"]})
    assert fresh["type"] == "config" and fresh["config"] == tuned


def test_copy_as_swift_copies_the_servers_swift(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=coverflow&spacing=12&decelerationRate=0.995"))
    page.context.grant_permissions(CLIPBOARD)
    wait_applied(
        page, share_link_for(server, session, [("preset", "coverflow"), ("spacing", "12"), ("decelerationRate", "0.995")])
    )
    page.click("#copy-swift")
    page.wait_for_selector("#export-status[data-state=done]")
    expected = exchange(page, session, {"type": "export"}, ("export",))
    swift = copied(page)
    assert swift == expected["swift"] and clipboard(page) == swift
    assert swift.startswith(
        "// From carousel-preview: the coverflow preset, tuned, shown with 5 items.\nlet configuration: Configuration = {\n"
    )
    assert "Configuration.coverflow" in swift and "spacing = 12" in swift and swift.endswith("\nlet itemCount = 5")
    assert page.locator("#copied-label").inner_text() == "Copied Swift"
    # "Copy as JSON" is the server's own settings file then.
    page.click("#copy-json")
    page.wait_for_function("() => document.querySelector('#copied-text').dataset.kind === 'JSON'")
    assert json.loads(copied(page)) == expected["settings"]


def test_without_a_clipboard_the_copied_text_is_left_selected(server, browser):
    """An insecure origin or a denied permission: the Clipboard API and execCommand both refuse.
    The text is then selected in the focused read-only field, ready for Ctrl+C."""
    context = browser.new_context(viewport={"width": 1100, "height": 760})
    try:
        context.add_init_script(
            """Object.defineProperty(navigator, 'clipboard', {value: {writeText: () => Promise.reject(new Error('denied'))}});
               document.execCommand = () => false;"""
        )
        page = context.new_page()
        session = new_session()
        page.goto(server.url(f"?session={session}&preset=paged&spacing=6"))
        page.wait_for_selector("#carousel[data-phase]")
        page.click("#copy-link")
        page.wait_for_selector("#copied:not([hidden])")
        page.wait_for_function("() => document.querySelector('#copied-label').textContent.includes('Ctrl+C')")
        selection = page.evaluate(
            "() => { const f = document.activeElement; return [f.id, f.value.slice(f.selectionStart, f.selectionEnd)] }"
        )
        assert selection == ["copied-text", share_link_for(server, session, [("preset", "paged"), ("spacing", "6")])]
        assert page.locator(".notice", has_text="press Ctrl+C").count() == 1
    finally:
        context.close()


def test_the_pages_schema_module_has_what_the_server_sends(server, open_page):
    """public/js/generated/schema.js is written by the server (a Swift test checks the committed
    file); here, what the page imports is what a running server sends for each preset."""
    page = open_page(server.url(f"?session={new_session()}"))
    table = page.evaluate("async () => (await import('/js/generated/schema.js')).SCHEMA.presets")
    picker = page.eval_on_selector_all("select[name=preset] option", "options => options.map(o => o.value)")
    assert list(table) == picker
    for preset, expected in table.items():
        session = new_session()
        welcome = page.evaluate(
            """([session, preset]) => new Promise(resolve => {
                const socket = new WebSocket(`ws://${location.host}/ws?session=${session}&preset=${preset}`);
                socket.onmessage = event => { const m = JSON.parse(event.data);
                    if (m.type === 'welcome') { socket.close(); resolve(m) } };
            })""",
            [session, preset],
        )
        assert welcome["config"] == expected["config"], preset
        assert len(welcome["items"]) == expected["itemCount"], preset


def test_the_new_buttons_are_named_reachable_by_keyboard_and_show_focus(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=coverflow&spacing=12&autoscroll=off"))
    page.context.grant_permissions(CLIPBOARD)
    for selector, name in [("#copy-link", "Copy link"), ("#copy-swift", "Copy as Swift"), ("#copy-json", "Copy as JSON")]:
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
        assert page.locator(selector).inner_text() == name
    # From the loop switch (the feel section's last), Tab reaches both folded sections, the variant's name and Save, then
    # both export buttons; Enter presses them.
    page.focus("input[name=loop]")
    for section in ("Content and template", "Device, paging, alignment and direction"):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == section
    for control in ("variant-name", "save-variant", "copy-swift"):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.id") == control
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "copy-json"
    outline = page.eval_on_selector(
        "#copy-json", "e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert outline == [True, "solid", "2px"]
    page.keyboard.press("Enter")
    page.wait_for_selector("#export-status[data-state=done]")
    assert json.loads(copied(page))["config"] == {"preset": "coverflow", "spacing": 12, "autoscroll": {"enabled": False}}
    page.focus("#copy-link")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#copied-text').dataset.kind === 'link'")
    assert copied(page) == share_link(page)
    assert page.eval_on_selector("#copy-link", "e => getComputedStyle(e).outlineStyle") == "solid"
    # The copied text is a named, read-only field.
    assert page.get_by_role("textbox", name="Copied link").get_attribute("readonly") is not None

    page.click("#copy-swift")
    page.wait_for_function("() => document.querySelector('#copied-text').dataset.kind === 'Swift'")
    page.focus("#copy-json")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    screenshots(page, "desktop")
    assert_no_overlap(page)


def test_the_export_panel_on_a_phone(server, open_page):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=coverflow&spacing=12&items=8&autoscroll=off"), **PHONE)
    page.context.grant_permissions(CLIPBOARD)
    page.click("#copy-swift")
    page.wait_for_selector("#export-status[data-state=done]")
    screenshots(page, "phone")
    assert_no_overlap(page)
    # Nothing wider than the phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def screenshots(page, layout):
    """The whole page, the status bar and the panel. The notices (toasts that float over the page
    for 4 s by design) are cleared first so that they do not hide what the pictures are for."""
    page.evaluate("() => document.querySelectorAll('.notice').forEach(n => n.remove())")
    settle_visuals(page)
    look(page, f"share-export-{layout}.png", full_page=True)
    look(page.locator(".topbar"), f"share-export-statusbar-{layout}.png")
    look(page.locator(".controls"), f"share-export-panel-{layout}.png")


def assert_no_overlap(page):
    """The panel's parts and the status bar's items do not overlap one another and stay inside
    their containers."""
    problems = page.evaluate(
        """() => {
            const box = e => e.getBoundingClientRect();
            const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const problems = [];
            const groups = [
                ['.controls', ['.controls h2', '.field', '.more-settings > summary', '.export-hint', '#copy-swift', '#copy-json', '#export-status:not(:empty)', '#copied:not([hidden])']],
                ['.topbar', ['.brand', '.status-item', '#copy-link']],
            ];
            for (const [container, selectors] of groups) {
                const outer = box(document.querySelector(container));
                const parts = selectors.flatMap(s => [...document.querySelectorAll(s)]).filter(e => e.getClientRects().length && e.checkVisibility());
                for (const part of parts) {
                    const b = box(part);
                    if (b.left < outer.left - 0.5 || b.right > outer.right + 0.5 || b.top < outer.top - 0.5 || b.bottom > outer.bottom + 0.5)
                        problems.push(`${part.id || part.className} leaves ${container}`);
                }
                for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
                    if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
                    if (overlap(box(parts[i]), box(parts[j]))) problems.push(`${parts[i].id || parts[i].className} overlaps ${parts[j].id || parts[j].className}`);
                }
            }
            return problems;
        }"""
    )
    assert problems == []


def test_the_item_slider_on_the_card_feed_reaches_any_count_and_keeps_the_connection(server, open_page):
    # It used to send the cards themselves: past two cards a subtitle over 512 characters was
    # refused, and past about 18 the message went over 16 KiB and the socket was closed (1009).
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=cards"))
    for count in (3, 45):
        set_range(page, "items", count)
        page.wait_for_function(
            "n => document.querySelector('input[name=items]').value === String(n) "
            "&& document.querySelector('output[name=itemsOut]').value === String(n)",
            arg=count,
        )
        wait_link_has(page, f"items={count}")
        assert len(watch(page, session)["items"]) == count
    assert page.evaluate("() => document.body.dataset.connection") == "live"
