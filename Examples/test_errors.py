"""What a client that gets it wrong is told, and that the session carries on (docs/protocol/README.md,
"Errors": an error never closes the connection and makes no frame)."""


def test_bad_messages_get_clear_errors_and_the_session_survives(viewer):
    v = viewer()
    before = v.frame()

    v.send("{not json")
    bad_json = v.next("error")
    assert (bad_json["code"], bad_json["ref"]) == ("bad_json", None) and bad_json["message"], bad_json
    v.send({"type": "teleport"})
    unknown = v.next("error")
    assert (unknown["code"], unknown["ref"]) == ("unknown_type", "teleport"), unknown
    v.send({"type": "pointer", "phase": "down", "x": "left", "y": 90, "t": 0})
    wrong_kind = v.next("error")
    assert (wrong_kind["code"], wrong_kind["field"]) == ("bad_message", "pointer.x"), wrong_kind
    v.send({"type": "advance", "ms": 20000})
    too_long = v.next("error")
    assert (too_long["code"], too_long["field"]) == ("invalid_value", "advance.ms"), too_long
    v.send({"type": "command", "name": "goto", "index": 9})
    no_item = v.next("error")
    assert (no_item["code"], no_item["field"]) == ("invalid_value", "command.index"), no_item

    # Still connected, nothing moved, and none of the five made a frame: the next input's frame
    # is the very next `seq`.
    after = v.command("next", seq=42)
    assert after["seq"] == before["seq"] + 1, (before["seq"], after["seq"])
    assert after["input"] == {"client": v.welcome["client"], "seq": 42}, after
    assert after["target"]["index"] == 1, after
    assert v.settle()["index"] == 1


def test_invalid_configure_is_refused_and_leaves_the_config_unchanged(viewer):
    v = viewer()
    before = v.frame()

    v.send({"type": "configure", "config": {"spacing": 12, "inset": -1}})  # one bad value in two
    refused = v.next("error")
    assert (refused["code"], refused["ref"], refused["field"]) == ("invalid_value", "configure", "config.inset"), refused

    # Atomic ("Client to server", configure): not even the good `spacing` applied. A viewer who
    # joins now is welcomed with the configuration as it was, and the carousel has not moved.
    late = viewer()
    assert late.welcome["config"] == v.welcome["config"], "the configuration changed"
    assert late.welcome["config"]["spacing"] == 8 and late.welcome["config"]["inset"] == 16
    assert "config" not in v.latest, "no `config` message went out"
    now = v.advance(4)
    assert now["slots"] == before["slots"], (before["slots"], now["slots"])
