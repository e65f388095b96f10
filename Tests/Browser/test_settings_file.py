"""Settings files, in real headless Chromium against the real server: what "Copy as JSON" writes
starts a server (`serve --config FILE`) whose new sessions are that carousel, and the page's Open
file opens it as that carousel too, in a session of its own, as following its share link would.
The carousel compared is what the server holds: its configuration as a `welcome` sends it and its
items, read by a watcher (test_share_export.watch)."""

import json

from conftest import Server
from page_helpers import new_session
from test_share_export import CLIPBOARD, clipboard, set_range, wait_link_has, watch


def tuned_strip(page):
    """The strip preset, spacing 12, 7 items, tuned with the panel as a user would."""
    page.select_option("select[name=preset]", "strip")
    wait_link_has(page, "preset=strip")
    set_range(page, "spacing", 12)
    set_range(page, "items", 7)
    wait_link_has(page, "preset=strip", "items=7", "spacing=12")


def copy_settings_file(page, path):
    """Copy as JSON, and the clipboard's text written to `path`, as a user would save it."""
    page.context.grant_permissions(CLIPBOARD)
    page.click("#copy-json")
    page.wait_for_selector("#export-status[data-state=done]")
    text = clipboard(page)
    path.write_text(text)
    return json.loads(text)


def open_file(page, path):
    """The recorder row's Open file (its input, which is what a user's pick fills)."""
    page.set_input_files("#open-recording", str(path))


def session_of(page):
    return page.evaluate("() => new URLSearchParams(location.search).get('session')")


def test_a_copied_settings_file_starts_a_server_whose_new_sessions_are_that_carousel(server, open_page, tmp_path):
    page = open_page(server.url(f"?session={new_session()}&clock=manual"))
    tuned_strip(page)
    path = tmp_path / "strip-tuned.json"
    settings = copy_settings_file(page, path)
    assert settings["config"] == {"preset": "strip", "spacing": 12} and settings["itemCount"] == 7
    expected = watch(page, session_of(page))
    assert len(expected["items"]) == 7

    second = Server(arguments=["--config", str(path)]).start()
    try:
        # The plain address: the `default` session, made from the file.
        plain = open_page(second.url())
        assert session_of(plain) == "default"
        wait_link_has(plain, "preset=strip", "items=7", "spacing=12")
        assert watch(plain, "default") == expected
        # A named session without settings too; a link's value applies on top of the file.
        named = open_page(second.url(f"?session={new_session()}"))
        assert watch(named, session_of(named)) == expected
        tuned = open_page(second.url(f"?session={new_session()}&inset=30"))
        held = watch(tuned, session_of(tuned))
        assert held["config"] == {**expected["config"], "inset": 30} and held["items"] == expected["items"]
    finally:
        second.stop()


def test_opening_a_settings_file_opens_that_carousel_in_a_session_of_its_own(server, open_page, tmp_path):
    source = open_page(server.url(f"?session={new_session()}&clock=manual"))
    tuned_strip(source)
    path = tmp_path / "strip-tuned.json"
    copy_settings_file(source, path)
    expected = watch(source, session_of(source))

    # A viewer of another session (banner, untouched) opens the file.
    before = new_session()
    page = open_page(server.url(f"?session={before}&clock=manual"))
    untouched = watch(page, before)
    open_file(page, path)
    page.wait_for_url(lambda url: "session=strip-tuned-" in url)
    page.wait_for_selector("#carousel[data-phase]")
    opened = session_of(page)
    wait_link_has(page, "preset=strip", "items=7", "spacing=12", "clock=manual")
    assert watch(page, opened) == expected
    page.wait_for_function(
        "session => Array.from(document.querySelectorAll('.notice')).some(n => "
        "n.textContent.includes(`Opened strip-tuned.json in a session of its own, “${session}”`))",
        arg=opened,
    )
    # The session the viewer was in kept its carousel.
    assert watch(page, before) == untouched


def test_the_server_judges_an_opened_settings_files_values_and_the_page_says_what_it_left_out(server, open_page, tmp_path):
    path = tmp_path / "odd.json"
    path.write_text(
        json.dumps(
            {
                "format": "carousel-preview/settings",
                "version": 1,
                "config": {"preset": "coverflow", "spacing": -3, "sideScale": 0.7, "wobble": 2},
                "itemCount": 6,
            }
        )
    )
    page = open_page(server.url(f"?session={new_session()}"))
    open_file(page, path)
    page.wait_for_url(lambda url: "session=odd-" in url)
    page.wait_for_selector("#carousel[data-phase]")
    held = watch(page, session_of(page))
    assert held["config"]["preset"] == "coverflow" and held["config"]["sideScale"] == 0.7
    assert held["config"]["spacing"] == 10  # the preset's: -3 was refused
    assert len(held["items"]) == 6
    # The link report's notice comes with the welcome; the opener's was shown as the page loaded.
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.notice')).some(n => n.textContent.includes('spacing must be'))"
    )
    assert page.evaluate(
        "() => Array.from(document.querySelectorAll('.notice')).some(n => n.textContent.includes('wobble is not a setting'))"
    )


def test_a_file_that_is_neither_a_recording_nor_a_settings_file_changes_nothing(server, open_page, tmp_path):
    session = new_session()
    page = open_page(server.url(f"?session={session}"))
    address = page.url
    for name, content, reason in [
        ("list.json", "[1, 2]", "list.json is neither a recording nor a settings file"),
        (
            "future.json",
            json.dumps({"format": "carousel-preview/settings", "version": 2, "config": {}, "itemCount": 1}),
            "future.json is a settings file of version 2; this page reads version 1",
        ),
    ]:
        page.set_input_files(
            "#open-recording", files=[{"name": name, "mimeType": "application/json", "buffer": content.encode()}]
        )
        page.wait_for_function(
            "reason => Array.from(document.querySelectorAll('.notice.error')).some(n => n.textContent.includes(reason))",
            arg=reason,
        )
    assert page.url == address and session_of(page) == session
    # The control says it opens any file, and what each kind does.
    label = page.locator("#open-recording-label")
    assert page.get_by_label("Open file", exact=True).count() == 1
    assert "settings file" in label.get_attribute("title")
    assert page.get_by_role("button", name="Replay", exact=True).count() == 0
