"""A shared session stays safe: a link with other settings joins a session others are in without
changing it; the page says the session is shared and how the link differs, and offers "Apply to
everyone" (a configure every viewer's event log attributes to its viewer, by the short name it gave
itself) or "Open in a session of my own" (the link's carousel in a new session, on the item the
shared one shows)."""

from urllib.parse import parse_qs, urlsplit

from conftest import PHONE
from page_helpers import clear_notices, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect
from test_axe import check_mode
from test_share_export import watch

WIDE = {"viewport": {"width": 1280, "height": 800}}


def configures(open_page, page):
    return [m for m in open_page.sent(page) if m.get("type") == "configure"]


def shared(open_page, server, **options):
    """Page A makes a tuned banner session (inset 40) and moves it to item 3; page B opens a link to
    the same session asking for the paged preset with 7 items."""
    session = new_session("team")
    a = open_page(server.url(f"?session={session}&preset=banner&inset=40"), **WIDE)
    a.locator("#carousel").focus()
    a.keyboard.press("ArrowRight")
    wait_idle_at(a, 1)
    a.keyboard.press("ArrowRight")
    wait_idle_at(a, 2)
    before = watch(a, session)
    b = open_page(server.url(f"?session={session}&preset=paged&items=7"), **options or WIDE)
    b.locator("#shared-choice").wait_for(state="visible")
    return session, a, b, before


def test_a_link_with_other_settings_leaves_the_shared_session_as_it_is_and_shows_the_choice(server, open_page):
    session, a, b, before = shared(open_page, server)
    assert watch(a, session) == before, "A's carousel is unchanged"
    assert before["config"]["inset"] == 40 and before["config"]["preset"] == "banner"
    expect(b.locator("#shared-choice-summary")).to_have_text(
        f"Session “{session}” is shared (1 other viewer) and has other settings than your link. It keeps them until you choose:"
    )
    assert b.locator("#shared-choice-differences li").all_inner_texts() == [
        "preset: banner here, paged in your link",
        "inset: 40 here, 0 in your link",
        "spacing: 8 here, 0 in your link",
        "items: 5 here, 7 in your link",
    ]
    assert configures(open_page, b) == []
    assert b.locator("#carousel").get_attribute("data-count") == "5", "B shows the session as it is"
    controls = check_mode(b, "shared choice")
    assert ("button", "Apply to everyone") in controls and ("textbox", "Your name") in controls
    settle_visuals(b)
    look(b, "shared-session-choice-1280.png")
    # "Keep the session's settings" closes the choice and changes nothing.
    b.get_by_role("button", name="Keep the session's settings").click()
    expect(b.locator("#shared-choice")).to_be_hidden()
    assert configures(open_page, b) == [] and watch(a, session) == before


def test_open_in_a_session_of_my_own_gives_the_links_carousel_a_new_session_on_the_shared_item(server, open_page):
    session, a, b, before = shared(open_page, server)
    b.get_by_role("button", name="Open in a session of my own").click()
    b.wait_for_function("session => new URLSearchParams(location.search).get('session') !== session", arg=session)
    b.wait_for_selector("#carousel[data-phase]")
    own = parse_qs(urlsplit(b.url).query)["session"][0]
    assert own != session and own.startswith(session)
    state = watch(b, own)
    assert state["config"]["preset"] == "paged" and len(state["items"]) == 7
    wait_idle_at(b, 2)
    expect(b.locator("#shared-choice")).to_be_hidden()
    assert watch(a, session) == before, "the shared session is not disturbed"
    assert configures(open_page, b) == []


def test_apply_to_everyone_changes_the_shared_session_and_its_event_log_names_who(server, open_page):
    session, a, b, before = shared(open_page, server)
    b.locator("#viewer-name").fill("Bea")
    b.locator("#viewer-name").press("Tab")
    expect(a.locator("#viewers")).to_have_text("2 · Bea")
    b.get_by_role("button", name="Apply to everyone").click()
    expect(b.locator("#shared-choice")).to_be_hidden()
    a.wait_for_function("() => document.querySelector('#carousel').dataset.count === '7'")
    after = watch(a, session)
    assert after["config"]["preset"] == "paged" and after["config"]["inset"] == 0 and len(after["items"]) == 7
    entry = a.locator("#event-list li[data-kind=config]").first
    expect(entry).to_contain_text("Bea · preset banner → paged")
    assert "inset 40 → 0" in entry.inner_text() and "items 5 → 7" in entry.inner_text()
    # B's own log says "you".
    expect(b.locator("#event-list li[data-kind=config]").first).to_contain_text("you · preset banner → paged")
    a.locator("#events").scroll_into_view_if_needed()
    look(a, "shared-session-applied-by-name.png")


def test_a_change_names_the_viewer_its_input_and_the_setting(server, open_page):
    session = new_session("who")
    a = open_page(server.url(f"?session={session}"))
    b = open_page(server.url(f"?session={session}"), **PHONE)
    expect(b.locator("#shared-choice")).to_be_hidden()  # a plain link wants nothing
    # B drags by touch, then changes the spacing: A's log says who, with what, and the change.
    box = b.locator("#viewport").bounding_box()
    b.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(a.locator("#viewers")).to_contain_text("Viewer 2 (touch)")
    b.evaluate(
        "() => { const e = document.querySelector('#setting-spacing'); e.value = 12; e.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    expect(a.locator("#event-list li[data-kind=config]").first).to_contain_text("Viewer 2 · touch · spacing 8 → 12")


def test_a_name_the_server_refuses_is_shown_beside_the_field(server, open_page):
    page = open_page(server.url(f"?session={new_session('name')}"))
    clear_notices(page)
    # Past the field's maxlength, as a script (or another client) could send it.
    page.evaluate(
        "() => { const e = document.querySelector('#viewer-name'); e.value = 'x'.repeat(30); e.dispatchEvent(new Event('change')); }"
    )
    error = page.locator("#viewer-name-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("name.name must be at most 24 characters")
    expect(page.locator("#viewer-name")).to_have_attribute("aria-invalid", "true")
    page.locator("#viewer-name").fill("Ana")
    page.locator("#viewer-name").press("Tab")
    expect(error).to_be_hidden()
    expect(page.locator("#viewers")).to_have_text("1 · you")


def test_the_choice_on_a_phone(server, open_page):
    session, a, b, before = shared(open_page, server, **PHONE)
    # On a phone the choice comes first, its buttons in reach without scrolling.
    for name in ("Apply to everyone", "Open in a session of my own", "Keep the session's settings"):
        box = b.get_by_role("button", name=name).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (name, box)
    settle_visuals(b)
    look(b, "shared-session-choice-phone.png")
    b.get_by_role("button", name="Keep the session's settings").tap()
    expect(b.locator("#shared-choice")).to_be_hidden()
    assert watch(a, session) == before
