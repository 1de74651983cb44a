"""The entry points the app's start reads without :mod:`importlib.metadata`
(:mod:`companion.installation.entry_points`) are the very ones that module finds."""

from __future__ import annotations

import importlib.metadata
import shutil
import sys
from pathlib import Path

import pytest
from plugin_game import install

from companion.installation import entry_points

GROUPS = (
    "table_companion.commands",
    "table_companion.games",
    "table_companion.game_ui",
    "console_scripts",
    "pytest11",
)


def _listed(group: str) -> list[tuple[str, str, str]]:
    return [(p.name, p.value, p.group) for p in importlib.metadata.entry_points(group=group)]


def _read(group: str) -> list[tuple[str, str, str]]:
    return [(p.name, p.value, p.group) for p in entry_points.entry_points(group)]


@pytest.mark.parametrize("group", GROUPS)
def test_every_group_reads_as_importlib_metadata_lists_it(
    group: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(install(tmp_path / "site")))
    assert _read(group) == _listed(group)


def test_an_installed_game_is_found_and_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(install(tmp_path / "site")))
    before = set(sys.modules)
    (point,) = entry_points.entry_points("table_companion.games")
    assert (point.name, point.value) == ("wells", "wells_game.spec:SPEC")
    try:
        assert point.load() is sys.modules["wells_game.spec"].SPEC
    finally:  # the other tests import the game from where they find it
        for name in set(sys.modules) - before:
            del sys.modules[name]


def test_the_first_distribution_of_a_name_on_the_path_is_the_one_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = install(tmp_path / "first"), install(tmp_path / "second")
    (info,) = second.glob("*.dist-info")
    (info / "entry_points.txt").write_text("[table_companion.games]\nother = elsewhere:SPEC\n")
    shutil.rmtree(second / "wells_game")
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    assert _read("table_companion.games") == [
        ("wells", "wells_game.spec:SPEC", "table_companion.games")
    ]
    assert _read("table_companion.games") == _listed("table_companion.games")


def test_a_value_that_does_not_read_is_a_value_error() -> None:
    point = entry_points.EntryPoint("broken", "not a module", "table_companion.games")
    with pytest.raises(ValueError, match="broken"):
        point.load()
