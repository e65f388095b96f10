"""The settings panel is built from the server's schema: every field has a control (or the schema says
why it is set only by a link), and the controls a designer asked for (the loop, the spring as Snap,
the rubber band, the flick threshold) reach the session's configuration through the page itself."""

from page_helpers import new_session
from playwright.sync_api import expect
from test_share_export import watch


def open_fresh(open_page, server):
    session = new_session("panel")
    page = open_page(server.url(f"?session={session}"))
    page.wait_for_function("() => document.querySelector('#setting-intervalMs').value !== ''")
    return session, page


def test_every_schema_field_has_a_control_in_the_panel_or_a_stated_reason(server, open_page):
    _, page = open_fresh(open_page, server)
    missing = page.evaluate(
        """async () => {
            const { SCHEMA } = await import('/js/generated/schema.js');
            return SCHEMA.fields.filter((field) => field.panel
                ? !document.querySelector(`#setting-${field.link}[name=${field.link}]`)
                : !(field.linkOnly && document.querySelector('#link-only-note').textContent.includes(field.link)))
              .map((field) => field.link);
        }"""
    )
    assert missing == []


def test_snap_loop_rubber_band_and_flick_threshold_reach_the_session(server, open_page):
    session, page = open_fresh(open_page, server)
    assert watch(page, session)["config"]["springFrequency"] == 20
    # Snap: snappy on the left, soft on the right; two steps to the right is a softer spring.
    snap = page.get_by_role("slider", name="Snap")
    snap.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => new URL(document.querySelector('#session-link').href).searchParams.get('springFrequency') === '18'"
    )
    expect(page.locator("output[name=springFrequencyOut]")).to_have_text("18 rad/s")
    rubber = page.get_by_role("slider", name="Rubber band")
    rubber.focus()
    page.keyboard.press("End")
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('rubberBand') === '1'")
    threshold = page.get_by_role("slider", name="Flick threshold, pt/s")
    threshold.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "() => new URL(document.querySelector('#session-link').href).searchParams.get('flickVelocity') === '290'"
    )
    # The loop: a switch, whatever the preset (the banner loops by its preset).
    loop = page.get_by_role("switch", name="Loop")
    expect(loop).to_be_checked()
    loop.click()
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('loop') === 'off'")
    config = watch(page, session)["config"]
    assert (config["springFrequency"], config["rubberBand"], config["flickVelocity"], config["loop"]) == (18, 1, 290, False)
    # Another viewer's page shows the same values.
    other = open_page(server.url(f"?session={session}"))
    other.wait_for_function("() => document.querySelector('#setting-loop') && !document.querySelector('#setting-loop').checked")
    expect(other.locator("output[name=springFrequencyOut]")).to_have_text("18 rad/s")
