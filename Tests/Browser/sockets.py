"""The tests' own WebSockets to the server, beside the pages."""

from websockets.sync.client import connect


def open_socket(url, **options):
    """A WebSocket to `url` that keeps every message it is sent (`max_queue=None`), so a test that
    never reads it still closes it at once. With the library's bounded queue, a full queue stops the
    reading, the server's answer to the close is never read, and the close waits out its 10 s."""
    return connect(url, **{"proxy": None, "max_queue": None, **options})
