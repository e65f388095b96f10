"""The page's latency figure (input to the frame that echoes its `seq`) is measured on live frames
only: a replayed frame's `input` names a recorded viewer, who may have had this viewer's number."""

from page_helpers import new_session

# Drives the page's own Connection module with messages as the server sends them, and says which
# frames were taken as the answer to the pending input `seq` 3 of client 1.
MEASURE = """async () => {
    const { Connection } = await import("/js/session/connection.js");
    const answered = [];
    const connection = new Connection(() => "", {
        onMessage() {}, onState() {}, onLatency(ms) { answered.push(ms >= 0); } });
    const frame = (client, seq) => ({ type: "frame", input: { client, seq } });
    connection.receive({ type: "welcome", client: 1 }, "");
    connection.sentAt.set(3, performance.now());
    connection.receive({ type: "replay", state: "started", speed: 1, durationMs: 500 }, "");
    connection.receive(frame(1, 3), "");  // the recording's client 1, its seq 3
    const duringReplay = answered.length;
    connection.receive({ type: "replay", state: "finished" }, "");
    connection.receive(frame(1, 3), "");  // the live answer
    return { duringReplay, afterReplay: answered.length, pending: connection.sentAt.size };
}"""


def test_a_replayed_frame_never_answers_a_pending_input(server, open_page):
    page = open_page(server.url(f"?session={new_session('latency')}"))
    result = page.evaluate(MEASURE)
    assert result == {"duringReplay": 0, "afterReplay": 1, "pending": 0}
