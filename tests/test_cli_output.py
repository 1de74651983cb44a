"""The CLI's JSON text is ``json.dumps(value, indent=2, ensure_ascii=False)`` character for
character (issue 27: a faster encoder, the same public output)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from cli_process import invoke
from hypothesis import given, settings
from hypothesis import strategies as st
from played_games import record

from companion.cli.output import dumps

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(
        [0.1, 1e16, 1e-5, 1e-7, 123456789.125, -0.0, 2.5e-324, 1.7976931348623157e308]
    )
    | st.text()
    | st.sampled_from(["złodzieja", 'a"b\\c', "\x00\x1f\x7f\u2028\u2029", "\ud800", "日本", "🐪"])
)
KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=5)
    ),
    max_leaves=40,
)


def _expected(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_any_json_value_is_written_as_json_dumps_writes_it(value: Any) -> None:
    assert dumps(value) == _expected(value)


def test_the_clis_shapes_and_the_floats_of_statistics() -> None:
    stats = {
        "plays": 3,
        "games": {"targi": {"average_score": 42.333333333333336, "ratio": 1 / 3, "none": []}},
        "players": [{"name": "Gosia Źdźbło", "wins": 2, "share": 0.6666666666666666}, {}],
        "big": 10**30,
        "tiny": 1e-7,
        "huge": 1e22,
        "nan": math.nan,
        "inf": -math.inf,
        1: "int key",
        2.5: "float key",
        None: "none key",
        False: "bool key",
    }
    assert dumps(stats) == _expected(stats)


def test_what_json_cannot_encode_fails_as_json_fails() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps({"when": object()})
    with pytest.raises(TypeError, match="keys must be str"):
        dumps({(1, 2): "tuple key"})
    looped: list[Any] = []
    looped.append(looped)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps(looped)


def test_a_value_nested_deeper_than_the_walk_goes_is_still_written() -> None:
    deep: Any = "leaf"
    for _ in range(400):
        deep = [deep]
    assert dumps({"deep": deep}) == _expected({"deep": deep})


def test_every_json_command_prints_the_text_json_dumps_prints(tmp_path: Path) -> None:
    """Representative commands, each printing through the CLI's writer: what they print is the
    text ``json.dumps(indent=2, ensure_ascii=False)`` makes of it (errors and refusals too)."""
    db = tmp_path / "table.sqlite3"
    targi, tuareg = record(
        db, [("targi", ["Gosia", "Ździsław"], 0), ("tuareg", ["Amal", "Bilal"], 1)]
    )
    _code, out, _err = invoke("--db", str(db), "game", "new", "targi", "--player", "Ana:red",
                              "--player", "Óscar:blue")  # fmt: skip
    playing = json.loads(out)["game_id"]
    reveal = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-2DATES"}'
    commands = [
        ("history",), ("stats",), ("stats", "--player", "Gosia"), ("players", "list"),
        ("game", "list"), ("export", "--history", "--format", "json"),
        ("export", targi, "--format", "json"), ("export", tuareg, "--format", "bgstats"),
        *(("game", verb, game) for game in (targi, tuareg) for verb in ("show", "log", "now")),
        ("game", "sheet", tuareg), ("game", "legal", playing),
        ("game", "act", playing, "0", '{"kind": "reveal", "cell": [1, 9]}'),
        ("game", "act", playing, "0", '{"kind": "place", "player": 0, "card": 3}', "--explain"),
        ("game", "act", playing, "0", reveal), ("game", "undo", playing, "1", "--compact"),
        ("game", "show", "no-such-game"), ("rules", "rulings", "targi"),
        ("rules", "explain", "targi", "robber"),
    ]  # fmt: skip
    codes = set()
    for command in commands:
        code, out, _err = invoke("--db", str(db), *command)
        codes.add(code)
        assert out == json.dumps(json.loads(out), indent=2, ensure_ascii=False) + "\n", command
    assert codes == {0, 1, 2}
