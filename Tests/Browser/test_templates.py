"""Item templates and the bundled samples, used through the panel: the strip of three 110 pt items a
page in right-to-left with the Arabic sample (captions `dir=rtl` and right-aligned, the mirror of the
same strip left to right), product tiles with prices and badges, a text card, no caption where an
item has no words, and the configuration's image fit and corner radius on every item, in Compare too."""

import json
from urllib.parse import quote

from page_helpers import build_strip_through_the_panel, drag, look, new_session, wait_idle_at
from playwright.sync_api import expect
from sockets import open_socket

WIDE = {"viewport": {"width": 1280, "height": 800}}


def slot_boxes(page):
    """Each shown item's box in the viewport, in points: {item: (left, width)}."""
    return page.evaluate(
        """() => { const stage = document.querySelector('#viewport').getBoundingClientRect();
                   const scale = stage.width / 375;
                   const boxes = {};
                   for (const slot of document.querySelectorAll('.slot:not([hidden])')) {
                     const box = slot.getBoundingClientRect();
                     if (box.right <= stage.left || box.left >= stage.right) continue;
                     boxes[slot.dataset.item] = [Math.round((box.left - stage.left) / scale * 2) / 2,
                                                 Math.round(box.width / scale * 2) / 2];
                   }
                   return boxes; }"""
    )


def test_the_rtl_strip_with_the_arabic_sample_is_the_mirror_of_the_ltr_one(server, open_page):
    ltr = open_page(server.url(f"?session={new_session('ltr')}"), **WIDE)
    build_strip_through_the_panel(ltr, "ltr", "banners")
    rtl = open_page(server.url(f"?session={new_session('rtl')}"), **WIDE)
    build_strip_through_the_panel(rtl, "rtl", "arabic")
    # The direction's frame follows its `config`: the first item is drawn at the right once it is in.
    rtl.wait_for_function(
        """() => { const slot = document.querySelector('.slot[data-item="0"]');
                   const stage = document.querySelector('#viewport').getBoundingClientRect();
                   return slot && slot.getBoundingClientRect().left - stage.left > stage.width / 2; }"""
    )
    # The first three items at rest: in right-to-left each sits where its left-to-right twin's
    # mirror image is (375 pt wide viewport).
    left, right = slot_boxes(ltr), slot_boxes(rtl)
    assert set(left) == set(right) and {"0", "1", "2"} <= set(left), (left, right)
    for item, (x, width) in left.items():
        assert right[item] == [375 - x - width, width], (item, left, right)
    # Captions read from the right: direction rtl, right-aligned, Arabic titles.
    caption = rtl.locator('.slot[data-item="0"] .title')
    expect(caption).to_have_text("تخفيضات الربيع")
    style = caption.evaluate(
        """title => { const style = getComputedStyle(title); const text = document.createRange();
                      text.selectNodeContents(title); const words = text.getBoundingClientRect();
                      const box = title.getBoundingClientRect();
                      return { direction: style.direction, dir: title.closest('[dir]').dir,
                               rightGap: box.right - words.right, leftGap: words.left - box.left }; }"""
    )
    assert style["direction"] == "rtl" and style["dir"] == "rtl", style
    # The words start at the title's right edge (a left-aligned title too long for its box would run
    # past the right edge instead); what does not fit ends in an ellipsis at the left.
    assert abs(style["rightGap"]) <= 1, style
    # A flick pages three; in right-to-left a drag to the right goes forward. (The panel's last
    # controls scrolled the window: the carousel comes back into view first, as a hand would.)
    rtl.locator("#carousel").scroll_into_view_if_needed()
    for item in (3, 6, 9):
        drag(rtl, 60, 30, 4)
        wait_idle_at(rtl, item)
    expect(rtl.locator("#dots button").nth(3)).to_have_attribute("aria-current", "true")
    look(ltr, "strip-ltr.png")
    look(rtl, "strip-rtl-arabic.png")


def test_product_tiles_show_price_and_badge_and_clip_with_an_ellipsis(server, open_page):
    page = open_page(server.url(f"?session={new_session('products')}&preset=strip&itemWidth=110&itemsPerPage=3&inset=10"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#content-settings summary")
    page.select_option("#setting-content", "products")
    # The products come as product tiles.
    expect(page.locator("#setting-template")).to_have_value("product")
    first = page.locator('.slot[data-item="0"]')
    expect(first.locator(".title")).to_have_text("Trail Runner")
    expect(first.locator(".price")).to_have_text("€89.00")
    expect(first.locator(".badge")).to_have_text("New")
    expect(page.locator('.slot[data-item="2"] .badge')).to_be_hidden()
    # "Studio Headphones" does not fit 110 pt: it ends in an ellipsis rather than being cut.
    title = page.locator('.slot[data-item="1"] .title')
    clipped = title.evaluate(
        "t => { const s = getComputedStyle(t); return [t.scrollWidth > t.clientWidth, s.textOverflow, s.whiteSpace]; }"
    )
    assert clipped == [True, "ellipsis", "nowrap"], clipped
    # The image is square.
    image = first.locator("img").bounding_box()
    assert abs(image["width"] - image["height"]) <= 1, image
    page.select_option("#setting-template", "text")
    expect(page.locator("#viewport")).to_have_attribute("data-template", "text")
    expect(first.locator("img")).to_be_hidden()
    look(page, "product-tiles.png")


def test_a_preset_keeps_the_items_and_their_template(server, open_page):
    page = open_page(server.url(f"?session={new_session('keep')}&content=arabic"), **WIDE)
    wait_idle_at(page, 0)
    page.select_option("#setting-preset", "coverflow")
    expect(page.locator("#setting-preset")).to_have_value("coverflow")
    expect(page.locator('.slot[data-item="0"] .title')).to_have_text("تخفيضات الربيع")
    # The card feed has its own items.
    page.select_option("#setting-preset", "cards")
    page.click("#content-settings summary")
    expect(page.locator("#setting-content")).to_have_value("cards")


def test_an_item_without_words_draws_no_caption(server, open_page):
    session = new_session("words")
    page = open_page(server.url(f"?session={session}"), **WIDE)
    wait_idle_at(page, 0)
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as other:
        other.recv()  # welcome
        items = [{"id": "art", "title": "", "image": "banners/spring-sale.svg"}, {"id": "b", "title": "Words"}]
        other.send(json.dumps({"type": "configure", "items": items}))
        page.wait_for_function("() => document.querySelector('.slot[data-item=\"1\"] .title')?.textContent === 'Words'")
    expect(page.locator('.slot[data-item="0"] .caption')).to_be_hidden()
    # (A loop of two items shows the second on both sides of the first.)
    expect(page.locator('.slot[data-item="1"] .caption').first).to_be_visible()
    # Given by a viewer, the items are the session's own, which the panel says.
    page.click("#content-settings summary")
    expect(page.locator("#setting-content")).to_have_value("own")


# An item's drawn corners and its image's fit, as the page's style computes them.
SLOT_LOOK = """root => { const slot = root.querySelector('.slot[data-item="0"]');
                        return { radius: getComputedStyle(slot).borderTopLeftRadius,
                                 fit: getComputedStyle(slot.querySelector('img')).objectFit }; }"""


def slot_look(page):
    return page.locator("#viewport").evaluate(SLOT_LOOK)


def test_image_fit_and_corner_radius_draw_as_the_configuration_says(server, open_page, browser):
    session = new_session("look")
    page = open_page(server.url(f"?session={session}"), **WIDE)
    wait_idle_at(page, 0)
    # The presets keep the page's look: the banner's 14 pt corners, images covering their items.
    assert slot_look(page) == {"radius": "14px", "fit": "cover"}
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as other:
        other.recv()  # welcome
        other.send(json.dumps({"type": "configure", "config": {"imageFit": "contain", "cornerRadius": 40}}))
        page.wait_for_function("() => getComputedStyle(document.querySelector('.slot')).borderTopLeftRadius === '40px'")
        assert slot_look(page) == {"radius": "40px", "fit": "contain"}
        # A product tile's square image is contained too, and its corners follow.
        other.send(json.dumps({"type": "configure", "config": {"template": "product", "cornerRadius": 0}}))
        expect(page.locator("#viewport")).to_have_attribute("data-template", "product")
        page.wait_for_function("() => getComputedStyle(document.querySelector('.slot')).borderTopLeftRadius === '0px'")
        assert slot_look(page) == {"radius": "0px", "fit": "contain"}
    # Compare: each pane draws its own link's look.
    a = f"session={new_session('look-a')}&imageFit=contain&cornerRadius=0"
    b = f"session={new_session('look-b')}&cornerRadius=30"
    context = browser.new_context(**WIDE)
    compare = context.new_page()
    compare.goto(server.url(f"compare.html?a={quote(a)}&b={quote(b)}"))
    panes = {}
    for pane in ("a", "b"):
        viewport = compare.frame_locator(f"#pane-{pane}").locator("#viewport")
        viewport.locator('.slot[data-item="0"] img').wait_for(state="attached")
        panes[pane] = viewport.evaluate(SLOT_LOOK)
    assert panes == {"a": {"radius": "0px", "fit": "contain"}, "b": {"radius": "30px", "fit": "cover"}}, panes
    context.close()
