"""Free scroll (`snapping=free` in a share link): a mouse flick on the strip coasts with the
deceleration rate and rests between snap points (the frame's `position` is not 0), and the dots and
the counter follow the item nearest the snap line. The Feel panel shows the setting, and its note
that the rate has no effect on flicks is gone, since a free flick coasts as far as the rate says."""

from conftest import PHONE
from page_helpers import DRAWS_FRAMES, drag, look, new_session, settle_visuals
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}


def open_free_strip(open_page, server, **options):
    page = open_page(server.url(f"?session={new_session('free')}&preset=strip&items=10&snapping=free{DRAWS_FRAMES}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    return page


def last_frame(open_page, page):
    return [message for message in open_page.received(page) if message.get("type") == "frame"][-1]


def wait_for_rest_after_gesture(page):
    page.wait_for_function(
        "() => window.gesturePhases.length > 1 && document.querySelector('#carousel').dataset.phase === 'idle'"
    )


def test_a_mouse_flick_coasts_and_rests_between_snap_points_with_the_dots_on_the_nearest_item(server, open_page):
    page = open_free_strip(open_page, server, **WIDE)
    expect(page.locator("#setting-snapping")).to_have_value("free")
    expect(page.locator("#deceleration-rate-note")).to_be_hidden()
    # 120 px in 60 ms (2,000 pt/s) coasts 198 pt at 0.99 beyond the drag: 318 pt, short of the
    # next item (351 pt on), which snapping would have rested on.
    drag(page, -120, 60, 6)
    wait_for_rest_after_gesture(page)
    frame = last_frame(open_page, page)
    assert frame["phase"] == "idle"
    assert frame["position"] != 0, frame
    assert frame["offset"] > 120, "it coasted on beyond the drag"
    nearest = round(frame["offset"] / 351)
    assert frame["index"] == nearest
    expect(page.locator("#carousel")).to_have_attribute("data-index", str(nearest))
    expect(page.locator("#counter")).to_have_text(f"{nearest + 1} of 10")
    expect(page.locator("#dots [aria-current='true']")).to_have_count(1)
    assert page.locator("#dots button").nth(nearest).get_attribute("aria-current") == "true"
    settle_visuals(page)
    look(page, "free-scroll-wide.png")

    # The arrow key moves one whole item on from the nearest one, onto its snap point.
    page.focus("#carousel")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        """i => { const c = document.querySelector('#carousel');
                  return c.dataset.phase === 'idle' && c.dataset.index === String(i) }""",
        arg=nearest + 1,
    )
    assert last_frame(open_page, page)["position"] == 0


def test_the_phone_layout_rests_a_free_flick_between_items(server, open_page):
    page = open_free_strip(open_page, server, **PHONE)
    drag(page, -150, 50, 6)
    wait_for_rest_after_gesture(page)
    frame = last_frame(open_page, page)
    assert frame["position"] != 0, frame
    expect(page.locator("#counter")).to_have_text(f"{frame['index'] + 1} of 10")
    settle_visuals(page)
    look(page, "free-scroll-phone.png")
