"""The server's budget for recordings (docs/protocol/recording.md, "The server's budget for recordings"): a session
whose history a flood of large configures made the largest is dropped, and the page's Record says why."""

import pytest
from conftest import PHONE, Server
from page_helpers import look, new_session

# From a second socket of the page's own origin (what another tab, or a script, would do): shows 60
# items, puts a finger down (so the session never rests to write a checkpoint and let its history
# go), then sends `count` configures of those 60 items that change only the spacing (the drag goes
# on), and resolves once each is answered with its frame. The socket stays open, its finger down.
FLOOD = """async ([session, count]) => {
    const socket = new WebSocket(`ws://${location.host}/ws?session=${session}`);
    window.floodSocket = socket;
    await new Promise(resolve => socket.addEventListener("open", resolve));
    let frames = 0;
    const answered = new Promise(resolve => socket.addEventListener("message", event => {
        if (event.data.startsWith('{"type":"frame"') && ++frames > count + 2) resolve();
    }));
    const items = Array.from({length: 60}, (_, item) => ({
        id: `flood-${item}`, title: `Banner ${item} of the flood`,
        subtitle: `A subtitle long enough to leave the small-string form ${item}`,
        image: `/banners/${item % 6 + 1}.svg`}));
    socket.send(JSON.stringify({type: "configure", items}));
    socket.send(JSON.stringify({type: "pointer", phase: "down", x: 200, y: 90, t: 0}));
    for (let number = 0; number < count; number++) {
        socket.send(JSON.stringify({type: "configure", config: {spacing: number % 20}, items}));
    }
    await answered;
}"""


@pytest.fixture(scope="module")
def small_budget():
    running = Server(arguments=["--journal-budget", "1"]).start()
    yield running
    running.stop()


@pytest.mark.parametrize("layout", ["desktop", "phone"])
def test_record_after_the_budget_dropped_the_history_says_why(small_budget, open_page, layout):
    session = new_session("budget")
    options = PHONE if layout == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page = open_page(small_budget.url(f"?session={session}"), **options)
    # About 27 KB each decoded: 60 of them are past the 1 MiB budget, and this session holds the most.
    page.evaluate(FLOOD, [session, 60])
    page.get_by_role("button", name="Record", exact=True).click()
    notice = page.locator(".notice", has_text="memory budget for recordings")
    notice.wait_for()
    text = notice.inner_text()
    assert "the server's memory budget for recordings (1 MiB) was reached" in text
    assert "recording works again once the carousel next comes to rest" in text
    assert page.get_by_role("button", name="Record", exact=True).is_visible(), "nothing is being recorded"
    look(page, f"journal-budget-record-{layout}.png")
