"""Opening the preview beyond one laptop, as people do: a server bound to 0.0.0.0 (always reached
here through 127.0.0.1, never through the machine's own network address), its token turned into a
cookie on the first visit, Copy link carrying it, and a phone joining through the QR code the page
shows, decoded from a screenshot with zbarimg."""

import re
import subprocess
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit, urlunsplit

import pytest
from conftest import PHONE, Server
from page_helpers import look, new_session, touch_swipe, wait_idle_at


@pytest.fixture
def exposed():
    """A server listening on every interface, so it requires its token."""
    running = Server(host="0.0.0.0").start()
    yield running
    running.stop()


def status_of(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def on_loopback(url):
    """The same URL on 127.0.0.1: tests never connect to the machine's network address."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"127.0.0.1:{parts.port}"))


def test_the_ready_line_gives_a_local_and_network_urls_with_the_token(exposed):
    assert exposed.ready["tokenRequired"] is True, exposed.ready
    assert re.fullmatch(r"[0-9a-f]{32}", exposed.token), exposed.ready
    assert exposed.local == f"http://127.0.0.1:{exposed.port}/?token={exposed.token}"
    assert exposed.network, exposed.ready
    for url in exposed.network:
        assert url.endswith(f":{exposed.port}/?token={exposed.token}")
    status, body = status_of(exposed.url())
    assert status == 401 and "Network:" in body


def test_the_token_becomes_a_cookie_and_the_page_works_with_the_cookie_alone(exposed, open_page, browser):
    session = new_session("cookie")
    page = open_page(f"{exposed.local}&session={session}")
    # The page has its cookie and took the token out of its address bar.
    assert "token" not in page.url, page.url
    cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
    cookie = cookies[f"carousel-preview-token-{exposed.port}"]
    assert cookie["value"] == exposed.token and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert page.evaluate("() => document.cookie") == ""
    # A new tab with no token in its address loads the page, its modules and its WebSocket.
    second = page.context.new_page()
    answers = []
    second.on("response", lambda response: answers.append((response.url, response.status)))
    second.goto(exposed.url(f"?session={session}"))
    second.wait_for_selector("#carousel[data-phase]")
    assert second.locator("#viewers").inner_text().startswith("2"), second.locator("#viewers").inner_text()
    modules = [status for url, status in answers if url.endswith(".js")]
    assert len(modules) >= 10 and set(modules) == {200}, answers
    # Another browser, without the cookie, is refused the page and the socket.
    stranger = browser.new_context()
    try:
        refused = stranger.new_page()
        response = refused.goto(exposed.url(f"?session={session}"))
        assert response.status == 401
        assert "printed when it started" in refused.content()
        wrong = refused.goto(exposed.url(f"?session={session}&token={exposed.token[::-1]}"))
        assert wrong.status == 401
    finally:
        stranger.close()


def test_copy_link_includes_the_token_and_says_so(exposed, open_page):
    page = open_page(f"{exposed.local}&session={new_session('link')}")
    note = page.locator("#copy-link-note")
    note.wait_for(state="visible")
    assert "access token" in note.inner_text().lower()
    page.get_by_role("button", name="Copy link").click()
    copied = page.locator("#copied-text")
    page.wait_for_function("() => document.querySelector('#copied-text').value.includes('token=')")
    link = copied.input_value()
    assert parse_qs(urlsplit(link).query)["token"] == [exposed.token], link
    # The link opens the page for someone with no cookie yet.
    assert status_of(on_loopback(link))[0] == 200


def test_on_a_loopback_server_the_phone_dialog_says_how_to_start_for_phones(server, open_page):
    page = open_page(server.url(f"?session={new_session('loop')}"))
    assert page.locator("#copy-link-note").is_hidden()
    page.get_by_role("button", name="Open on a phone").click()
    dialog = page.get_by_role("dialog", name="Open on a phone")
    dialog.wait_for()
    text = dialog.inner_text()
    assert "make run HOST=0.0.0.0" in text and "only answers this computer" in text and "access token" in text
    assert page.locator("#phone-qr").is_hidden()
    page.get_by_role("button", name="Close").click()
    assert dialog.is_hidden()


def test_on_a_loopback_server_the_phone_dialog_opens_this_sessions_true_size_view_in_a_new_tab(server, open_page):
    """No phone can reach a loopback server, but this browser can show what the phone would: the
    dialog links the session's true-size view (as the phone's link opens it), in a new tab."""
    session = new_session("loop")
    page = open_page(server.url(f"?session={session}"))
    page.wait_for_selector(".slot[data-item='1']")
    page.click("#next")
    wait_idle_at(page, 1)
    page.get_by_role("button", name="Open on a phone").click()
    dialog = page.get_by_role("dialog", name="Open on a phone")
    link = dialog.get_by_role("link", name="open this session's true-size view in a new tab")
    assert link.get_attribute("target") == "_blank"
    query = parse_qs(urlsplit(link.get_attribute("href")).query)
    assert query["session"] == [session] and query["view"] == ["device"], query
    with page.context.expect_page() as opened:
        link.click()
    device = opened.value
    device.wait_for_function("() => document.documentElement.dataset.view === 'device'")
    device.wait_for_selector(".slot img")
    # The same session, on the item this page shows; the tool around the carousel is gone.
    wait_idle_at(device, 1)
    assert device.locator("header").is_hidden() and device.locator(".controls").is_hidden()
    assert device.locator("#device-exit").is_visible()


def test_a_phone_joins_through_the_qr_code_and_its_touch_flick_moves_the_desktop_one_item(exposed, open_page, output_dir):
    session = new_session("phone")
    desktop = open_page(f"{exposed.local}&session={session}")
    desktop.get_by_role("button", name="Open on a phone").click()
    desktop.wait_for_function("() => { const q = document.querySelector('#phone-qr'); return q.complete && q.naturalWidth > 0 }")
    shot = output_dir / "open-on-a-phone.png"
    desktop.screenshot(path=str(shot))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, timeout=30)
    assert decoded.returncode == 0, decoded.stderr
    url = decoded.stdout.strip()
    assert url == desktop.locator("#phone-url").inner_text()
    query = parse_qs(urlsplit(url).query)
    assert query["session"] == [session] and query["token"] == [exposed.token], url
    assert query["view"] == ["device"], "the phone opens the carousel alone, at its true size"
    assert urlsplit(url).netloc in [urlsplit(network).netloc for network in exposed.network], url
    desktop.get_by_role("button", name="Close").click()

    phone = open_page(on_loopback(url), **PHONE)
    assert "token" not in phone.url
    desktop.wait_for_function("() => document.querySelector('#viewers').innerText.startsWith('2')")
    phone.wait_for_selector(".slot img")
    # The design's 375 pt at 1:1 CSS pixels in the phone's 390 px, centred, and no tool around it.
    box = phone.locator("#carousel").bounding_box()
    assert (box["x"], box["width"]) == (7.5, 375), box
    assert phone.locator("header").is_hidden() and phone.locator(".controls").is_hidden()
    touch_swipe(phone, -200, 0)
    wait_idle_at(desktop, 1)
    wait_idle_at(phone, 1)
    assert desktop.locator("#counter").inner_text() == "2 of 5"
    gestures = desktop.locator("#event-list li[data-kind='gesture']").all_inner_texts()
    assert any("touch" in line and "you" not in line for line in gestures), gestures
    look(desktop, "desktop-after-phone-flick.png")
    look(phone, "phone-after-its-flick.png")
