"""What a screen reader finds on the page, read from Chromium's accessibility tree through
Playwright's ARIA snapshot: every control has a name, the sliders are named after their settings,
the page has one level-one heading, and the auto-scroll toggle keeps its name while its pressed
state changes."""

import re
import uuid

# One node of an ARIA snapshot: "- role "name" [attribute]...: text", possibly quoted as a whole.
NODE = re.compile(r"""^(?P<indent>\s*)- '?(?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attributes>(?: \[[^\]]*\])*)""")
CONTROL_ROLES = {"slider", "button", "checkbox", "spinbutton", "textbox", "combobox"}
SLIDER_NAMES = [
    "Items",
    "Inset",
    "Spacing",
    "Items per flick",
    "Deceleration rate",
    "Side scale",
    "Snap",
    "Flick threshold, pt/s",
    "Rubber band",
]


def session_url(server, **params):
    query = "&".join(f"{key}={value}" for key, value in {"session": f"a-{uuid.uuid4().hex[:8]}", **params}.items())
    return server.url("?" + query)


def snapshot_nodes(page):
    """Every node of the page's ARIA snapshot as (role, name, attributes)."""
    snapshot = page.locator("body").aria_snapshot()
    nodes = []
    for line in snapshot.splitlines():
        match = NODE.match(line)
        if match:
            nodes.append((match["role"], match["name"] or "", match["attributes"]))
    return nodes


def test_every_control_has_a_name_and_the_sliders_are_named_after_their_settings(server, open_page):
    page = open_page(session_url(server))
    page.wait_for_selector(".slot img")
    page.get_by_text("Device, paging, alignment and direction").click()
    nodes = snapshot_nodes(page)
    controls = [(role, name) for role, name, _ in nodes if role in CONTROL_ROLES]
    # The settings panel alone has a combobox, nine sliders, a spinbutton and the loop's switch
    # (auto-scroll's toggle is the button beside the carousel).
    assert {role for role, _ in controls} >= {"slider", "button", "spinbutton", "combobox"}
    assert [control for control in controls if not control[1].strip()] == []
    # The settings a designer changes less often are folded away under the others.
    assert [name for role, name in controls if role == "slider"] == [*SLIDER_NAMES, "Items per page"]
    for name in ["Align", "Snapping", "Direction"]:
        assert page.get_by_role("combobox", name=name, exact=True).count() == 1
    for name in SLIDER_NAMES:
        assert page.get_by_role("slider", name=name, exact=True).count() == 1
    assert page.get_by_role("slider", name="Items", exact=True).get_attribute("name") == "items"
    assert page.get_by_role("slider", name="Side scale", exact=True).get_attribute("name") == "sideScale"
    assert page.get_by_role("combobox", name="Preset", exact=True).get_attribute("name") == "preset"
    assert page.get_by_role("button", name="Auto-scroll", exact=True).get_attribute("id") == "pause"
    assert page.get_by_role("spinbutton", name="Auto-scroll every, ms", exact=True).get_attribute("name") == "intervalMs"


def test_the_page_has_exactly_one_level_one_heading(server, open_page):
    page = open_page(session_url(server))
    level_one = [name for role, name, attributes in snapshot_nodes(page) if role == "heading" and "[level=1]" in attributes]
    assert level_one == ["carousel-preview"]
    assert page.get_by_role("heading", level=1).count() == 1


def test_the_auto_scroll_toggle_keeps_its_name_while_its_pressed_state_flips(server, open_page):
    page = open_page(session_url(server, preset="banner"))
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'stopped'")
    toggle = page.get_by_role("button", name="Auto-scroll", exact=True)
    assert toggle.get_attribute("aria-pressed") == "false"
    assert ("button", "Auto-scroll", "") in snapshot_nodes(page)

    toggle.click()
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'running'")
    page.get_by_role("button", name="Auto-scroll", exact=True, pressed=True).wait_for()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert ("button", "Auto-scroll", " [pressed]") in snapshot_nodes(page)

    toggle.click()
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'stopped'")
    page.get_by_role("button", name="Auto-scroll", exact=True, pressed=False).wait_for()
    assert ("button", "Auto-scroll", "") in snapshot_nodes(page)


# What a keyboard user meets, tabbing from the top: each control, the element that shows its focus
# (a file input shows it on its label), and whether that element's focus outline is drawn.
TAB_WALK = """() => {
    const element = document.activeElement;
    const shown = element.type === 'file' ? element.closest('label') : element;
    const style = getComputedStyle(shown);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const name = element.getAttribute('aria-label') || element.labels?.[0]?.textContent || element.textContent;
    return { tag: element.tagName, id: element.id, name: (name || '').trim().replace(/\\s+/g, ' '), visible: outlined || ringed };
}"""


def test_every_control_of_the_record_replay_and_motion_features_is_reached_by_tab_with_a_visible_focus(server, open_page):
    page = open_page(session_url(server))
    page.wait_for_selector(".slot img")
    page.locator("body").focus()
    reached = {}
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate(TAB_WALK)
        if focused["tag"] == "BODY":
            break
        reached.setdefault(focused["id"] or focused["name"], focused)
    wanted = ["compare-switch", "record", "open-recording", "timeline-pause", "slow-mo", "events", "pause", "previous", "next"]
    ids = {key: value for key, value in reached.items()}
    missing = [name for name in wanted if not any(name in key for key in ids)]
    assert missing == [], f"not reached by Tab: {missing}; reached {list(ids)}"
    invisible = [key for key, value in ids.items() if not value["visible"]]
    assert invisible == [], f"no visible focus on {invisible}"
