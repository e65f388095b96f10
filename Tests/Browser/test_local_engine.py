"""The engine in Chromium: the page's WebAssembly module (make wasm), driven through the page's own
wrapper (js/engine/localengine.js), gives the frames a real server's session sends for the same
inputs, to the bit: every preset, and right to left with free scroll, pages of two, a vertical
strip; a slow drag, a flick caught mid-flight, a wheel swipe, a command.
The server runs the session on its manual clock, so both engines see the same times."""

import json
import random
import uuid

from sockets import open_socket

# The frame members that are the engine's (seq, time and input are the session's).
ENGINE_MEMBERS = ("phase", "index", "count", "position", "offset", "velocity", "target", "page", "slots", "autoscroll", "events")

RUN_PROGRAM = """async ({ config, items, client, program }) => {
    const { LocalEngine } = await import("/js/engine/localengine.js");
    const { engine, reason } = await LocalEngine.load();
    if (!engine) throw new Error(reason);
    for (const status of [engine.configure(config), engine.setItems(items), engine.start()]) {
        if (status !== 0) throw new Error(engine.error());
    }
    engine.frame();
    engine.visibility(false);
    engine.frame();
    const frames = [];
    for (const step of program) {
        let status;
        if (step.type === "pointer") status = engine.pointer(step.phase, client, step.x, step.y, step.t);
        else if (step.type === "wheel") status = engine.wheel(step.dx, step.dy, step.t);
        else if (step.type === "advance") status = engine.advance(step.ms);
        else status = engine.command(step.command === "next" ? "next" : "previous");
        if (status < 0) throw new Error(`${JSON.stringify(step)}: ${engine.error()}`);
        frames.push(engine.frame());
    }
    return frames;
}"""


def program(seed):
    """A slow drag, a hard flick caught mid-flight and released, a wheel swipe, a command, each
    with the time between, as a page would send them (timestamps in ms)."""
    rng = random.Random(seed)
    steps, t = [], 1000.0

    def wait(ms):
        nonlocal t
        t += ms
        steps.append({"type": "advance", "ms": ms})

    def drag(start, speed, moves, release="up"):
        x = start
        steps.append({"type": "pointer", "phase": "down", "x": x, "y": 90, "t": t})
        for _ in range(moves):
            step = rng.choice([4, 8, 16])
            wait(step)
            x += speed * step
            steps.append({"type": "pointer", "phase": "move", "x": x, "y": 90 + rng.uniform(-3, 3), "t": t})
        steps.append({"type": "pointer", "phase": release, "x": x, "y": 90, "t": t})

    drag(300, -0.4, 12)
    for _ in range(10):
        wait(16)
    drag(320, -3.5, 6)
    for _ in range(6):
        wait(16)
    drag(200, 1.2, 4)
    for _ in range(40):
        wait(16)
    for _ in range(12):
        wait(rng.choice([8, 16]))
        steps.append({"type": "wheel", "dx": rng.uniform(20, 40), "dy": 0, "t": t})
    for _ in range(30):
        wait(16)
    steps.append({"type": "command", "command": rng.choice(["next", "previous"])})
    for _ in range(40):
        wait(16)
    return steps


# Each preset, and settings a link sets on a new session: right to left with free scroll (a coast),
# pages of two items aligned to the centre, a vertical strip.
CASES = (
    ("banner", ""),
    ("paged", ""),
    ("coverflow", ""),
    ("strip", ""),
    ("cards", ""),
    ("strip", "&direction=rtl&snapping=free"),
    ("banner", "&itemsPerPage=2&align=center&itemWidth=160"),
    ("strip", "&axis=vertical&viewportHeight=400"),
)


def server_frames(port, session, preset, settings, steps):
    """The session's welcome and the frame each step made, from a real server on its manual clock."""
    address = f"ws://127.0.0.1:{port}/ws?session={session}&preset={preset}&clock=manual{settings}"
    with open_socket(address) as connection:

        def until(predicate):
            while True:
                message = json.loads(connection.recv(timeout=10))
                if predicate(message):
                    return message

        welcome = until(lambda m: m["type"] == "welcome")
        assert not (welcome["link"] or {}).get("ignored"), welcome["link"]
        named = {pair.split("=")[0] for pair in settings.split("&") if pair}
        assert named <= set((welcome["link"] or {}).get("applied", [])), welcome["link"]
        until(lambda m: m["type"] == "frame")  # the frame every viewer gets as it joins
        frames = []
        for step in steps:
            message = {k: v for k, v in step.items() if k != "command"}
            if step["type"] == "command":
                message = {"type": "command", "name": "next" if step["command"] == "next" else "prev"}
            connection.send(json.dumps(message))
            frame = until(lambda m: m["type"] in ("frame", "error"))
            assert frame["type"] == "frame", (step, frame)
            frames.append(frame)
        return welcome, frames


def test_the_engine_in_chromium_gives_the_server_sessions_frames_to_the_bit(server, open_page):
    page = open_page(server.url(f"?session=t-{uuid.uuid4().hex[:8]}"))
    seed = random.randrange(1_000_000)
    print(f"local engine program seed {seed}")
    compared = 0
    for preset, settings in CASES:
        steps = program(seed)
        welcome, expected = server_frames(server.port, f"t-{uuid.uuid4().hex[:8]}", preset, settings, steps)
        actual = page.evaluate(
            RUN_PROGRAM, {"config": welcome["config"], "items": welcome["items"], "client": welcome["client"], "program": steps}
        )
        assert len(actual) == len(expected)
        for index, (local, remote) in enumerate(zip(actual, expected, strict=True)):
            for member in ENGINE_MEMBERS:
                assert local.get(member) == remote.get(member), (
                    f"seed {seed}, {preset}{settings}, step {index} {steps[index]}: {member} "
                    f"is {local.get(member)!r} in the page, {remote.get(member)!r} from the server"
                )
            compared += 1
    assert compared == len(CASES) * len(program(seed))
