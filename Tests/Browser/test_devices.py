"""Sizes and devices: the device menu sets the design's viewport from real devices (the schema's list),
the viewport's sides are boxes of their own, and `?view=device` draws the carousel alone at 1:1 CSS
points on a phone, where a touch flick pages it."""

import json
import re

import pytest
from conftest import PHONE, ROOT
from page_helpers import enter, look, new_session, touch_swipe, wait_idle_at
from playwright.sync_api import expect
from test_axe import assert_no_violations

WIDE = {"viewport": {"width": 1280, "height": 800}}


def schema_devices():
    text = (ROOT / "public" / "js" / "generated" / "schema.js").read_text()
    # The module writes one schema member a line at two spaces' indent; the list's own lines are deeper.
    member = re.search(r'^  "devices": (\[.*?^  \]),$', text, re.M | re.S)
    return json.loads(re.sub(r",\s*\]$", "]", member.group(1)))


DEVICES = schema_devices()


def link_value(page, name):
    return page.evaluate("name => new URL(document.querySelector('#session-link').href).searchParams.get(name)", name)


def test_the_menu_lists_real_devices():
    names = [device["name"] for device in DEVICES]
    assert names[0] == "iPhone SE" and "iPad (10th generation)" in names and len(names) >= 6, names


@pytest.mark.parametrize("device", DEVICES, ids=[device["id"] for device in DEVICES])
def test_the_device_menu_sets_each_devices_size(server, open_page, device):
    page = open_page(server.url(f"?session={new_session('device')}&preset=banner"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#more-settings summary")
    page.select_option("#setting-device", device["id"])
    # A banner takes the device's width; its height is the design's own.
    expect(page.locator("#setting-viewportWidth")).to_have_value(str(device["width"]))
    expect(page.locator("#setting-viewportHeight")).to_have_value("180")
    expect(page.locator("#device-note")).to_contain_text(
        f"{device['width']} × {device['height']} pt screen; safe areas {device['safeArea']['top']} pt at the top"
    )
    page.wait_for_function("w => document.querySelector('#viewport').style.width === `${w}px`", arg=device["width"])
    if device["width"] != 375:
        assert link_value(page, "viewportWidth") == str(device["width"])


def test_a_vertical_feed_fills_the_screen_between_the_safe_areas(server, open_page):
    page = open_page(server.url(f"?session={new_session('feed')}&preset=cards"), **WIDE)
    page.click("#more-settings summary")
    page.select_option("#setting-device", "iphone-16")
    # 852 pt less 59 at the top and 34 at the bottom.
    expect(page.locator("#setting-viewportHeight")).to_have_value("759")
    expect(page.locator("#setting-viewportWidth")).to_have_value("393")
    expect(page.locator("#setting-device")).to_have_value("iphone-16")


def test_the_viewport_boxes_set_a_custom_size(server, open_page):
    page = open_page(server.url(f"?session={new_session('custom')}&preset=banner"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#more-settings summary")
    width = page.locator("#setting-viewportWidth")
    enter(width, "500")
    expect(page.locator("#setting-device")).to_have_value("custom")
    expect(page.locator("#device-note")).to_have_text("500 × 180 pt: no device of the list")
    height = page.locator("#setting-viewportHeight")
    enter(height, "0")
    expect(page.locator("#viewport-height-error")).to_contain_text("0 pt is out of range")
    expect(height).to_have_value("180")


def test_the_true_size_view_draws_the_design_at_one_to_one_and_a_touch_flick_pages_it(server, open_page):
    session = new_session("true")
    page = open_page(server.url(f"?session={session}&view=device"), **PHONE)
    wait_idle_at(page, 0)
    box = page.locator("#carousel").bounding_box()
    # 375 CSS px for the 375 pt design, centred in the 390 px phone.
    assert (box["x"], box["width"], box["height"]) == (7.5, 375, 180), box
    for hidden in ("header", ".controls", "#motion", "#recorder", "#previous"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#dots")).to_be_visible()
    touch_swipe(page, -200, 0)
    wait_idle_at(page, 1)
    # The view survives the address the page rewrites, and the overlay leads back to the full tool.
    assert "view=device" in page.url
    exit_link = page.get_by_role("link", name="Full tool")
    expect(exit_link).to_be_visible()
    look(page, "true-size-view.png")
    exit_link.click()
    page.wait_for_selector("header", state="visible")
    assert "view=device" not in page.url
    expect(page.locator("#session-link")).to_have_text(session)


def test_a_design_as_wide_as_the_phone_fills_it_edge_to_edge(server, open_page):
    page = open_page(server.url(f"?session={new_session('edge')}&view=device&viewportWidth=390"), **PHONE)
    wait_idle_at(page, 0)
    box = page.locator("#carousel").bounding_box()
    assert (box["x"], box["width"]) == (0, 390), box


def frame_parts(page):
    """Where the phone frame's parts are, in CSS px: the body, the screen, the carousel, and the top
    cut-out and home indicator (their pseudo-elements' boxes, from the screen's box and their styles)."""
    return page.evaluate(
        """() => {
            const box = (element) => element.getBoundingClientRect().toJSON();
            const screen = document.querySelector('#device');
            const part = (which) => {
                const style = getComputedStyle(screen, which);
                if (style.content === 'none') return null;
                return { top: parseFloat(style.top), bottom: parseFloat(style.bottom), height: parseFloat(style.height), width: parseFloat(style.width) };
            };
            const style = getComputedStyle(screen);
            return {
                body: box(document.querySelector('.stage')), screen: box(screen), carousel: box(document.querySelector('#carousel')),
                safeTop: parseFloat(style.paddingTop), safeBottom: parseFloat(style.paddingBottom),
                island: part('::before'), home: part('::after'), frame: document.documentElement.dataset.frame ?? null,
            };
        }"""
    )


@pytest.mark.parametrize("size", [{"width": 1280, "height": 860}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_the_true_size_view_draws_a_phone_frame_only_when_asked_and_keeps_the_safe_areas_clear(server, open_page, size):
    """Off by default; `frame=1` (or the view's switch) draws the chosen device's phone around the
    design: an iPhone 15 / 16 (393 x 852 pt, safe areas 59 and 34 pt) gets its island and home
    indicator, the carousel starts below the top safe area, and the whole phone fits the window."""
    session = new_session("frame")
    plain = open_page(server.url(f"?session={session}&view=device&viewportWidth=393"), viewport=size)
    wait_idle_at(plain, 0)
    switch = plain.get_by_role("switch", name="Phone frame")
    expect(switch).not_to_be_checked()
    assert frame_parts(plain)["frame"] is None and frame_parts(plain)["island"] is None
    # The switch draws it and the address keeps it; a link with frame=1 opens with it.
    switch.check()
    plain.wait_for_function("() => document.documentElement.dataset.frame === 'island'")
    assert "frame=1" in plain.url
    switch.uncheck()
    plain.wait_for_function("() => document.documentElement.dataset.frame === undefined")
    assert "frame=1" not in plain.url

    page = open_page(server.url(f"?session={session}&view=device&frame=1"), viewport=size)
    wait_idle_at(page, 0)
    expect(page.get_by_role("switch", name="Phone frame")).to_be_checked()
    parts = frame_parts(page)
    assert parts["frame"] == "island", parts
    screen, body, carousel = parts["screen"], parts["body"], parts["carousel"]
    unit = screen["width"] / 393
    assert abs(screen["height"] - 852 * unit) < 1, parts
    # The whole phone is in the window, at true size when it fits (1 px a point), else scaled down.
    assert body["left"] >= 0 and body["right"] <= size["width"] and body["top"] >= 0 and body["bottom"] <= size["height"], parts
    assert unit == 1 or body["right"] - body["left"] > size["width"] - 40 or body["bottom"] > size["height"] - 80, parts
    # The safe areas: the island inside the top one, the carousel below it, the home indicator in the bottom one.
    assert abs(parts["safeTop"] - 59 * unit) < 0.5 and abs(parts["safeBottom"] - 34 * unit) < 0.5, parts
    assert parts["island"]["top"] + parts["island"]["height"] <= parts["safeTop"], parts
    assert carousel["top"] >= screen["top"] + parts["safeTop"] - 0.5, parts
    assert abs(carousel["width"] - screen["width"]) < 1, "the design as wide as the screen"
    assert parts["home"] is not None and parts["home"]["bottom"] + parts["home"]["height"] <= parts["safeBottom"], parts
    look(page, f"true-size-frame-{size['width']}x{size['height']}.png")
    assert_no_violations(page, f"the true-size view in its phone frame, {size['width']} px")
    # A flick still pages it, at whatever scale the frame is drawn.
    page.mouse.move(carousel["left"] + carousel["width"] * 0.8, carousel["top"] + carousel["height"] / 2)
    page.mouse.down()
    page.mouse.move(carousel["left"] + carousel["width"] * 0.3, carousel["top"] + carousel["height"] / 2, steps=5)
    page.mouse.up()
    wait_idle_at(page, 1)
