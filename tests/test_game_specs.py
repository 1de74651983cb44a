"""Each game's spec says what the rest of the app needs, and says it as the game's rules do (player
counts and turn and stage ends, for every registered game: ``test_conformance.py``): the built-in
games' ends, a name for each good. Listing the games loads no rules engine."""

from __future__ import annotations

import subprocess
import sys

import pytest
from registered_games import BUILT_IN

from companion.rules.registry import GAMES, spec_for


def test_the_built_in_games_end_turns_and_stages_as_their_rules_do() -> None:
    """Each game's ends are checked against its rules in ``test_conformance.py``."""
    ends = {game: (spec_for(game).turn_end, spec_for(game).stage_end) for game in BUILT_IN}
    for game, expected in {
        "targi": ("end_turn", None),
        "tuareg": ("end_turn", "score_stage"),
        "timbuktu": (None, None),
    }.items():
        assert ends[game] == expected


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_good_has_a_translated_name(game: str) -> None:
    import importlib

    goods = importlib.import_module(f"companion.games.{game}.model").Good
    names = spec_for(game).names()
    assert {good.value for good in goods} <= set(names)
    assert all(isinstance(name, str) and name for name in names.values())


def test_the_specs_say_what_the_cli_and_the_scanner_need() -> None:
    assert set(BUILT_IN) <= set(GAMES)
    assert set(spec_for("tuareg").questions()) == {"load", "majorities", "final"}
    assert [q for q, x in spec_for("tuareg").questions().items() if x.reads_settings] == [
        "majorities"
    ]
    assert spec_for("targi").check_scan is not None and spec_for("tuareg").check_scan is None
    settings = spec_for("targi").settings
    assert settings is not None and settings().keys == ("card_effects", "gold_alternative")
    assert spec_for("timbuktu").title() == "Timbuktu"


def test_listing_the_games_loads_no_rules_engine() -> None:
    probe = (
        "import sys\n"
        "from companion.rules.registry import GAMES\n"
        "print(sorted(GAMES), [spec.max_players for spec in GAMES.values()])\n"
        "print(sorted(m for m in sys.modules if m.startswith('companion.games.')"
        " and not m.endswith('.spec')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    listed, loaded = done.stdout.splitlines()
    assert listed == "['targi', 'timbuktu', 'tuareg'] [2, 5, 5]"
    assert (
        loaded == "['companion.games.targi', 'companion.games.timbuktu', 'companion.games.tuareg']"
    )


def test_a_spec_part_is_loaded_from_its_target_and_checked() -> None:
    from dataclasses import replace

    from companion.rules.reference import Reference
    from companion.rules.registry import load, part_of, register, unregister
    from companion.rules.rulings import rulings_of

    assert load("companion.games.targi.rulings:RULINGS", tuple) is rulings_of("targi")
    assert load("companion.rules.registry", type(sys)).__name__ == "companion.rules.registry"
    for malformed in ("", ":RULINGS", "companion.games.targi.rulings:"):
        with pytest.raises(ValueError, match="not a 'module:attr' target"):
            load(malformed, tuple)
    with pytest.raises(TypeError, match="is a tuple, not a Reference"):
        load("companion.games.targi.rulings:RULINGS", Reference)
    with pytest.raises(ModuleNotFoundError):
        load("companion.games.nowhere:RULINGS", tuple)
    assert part_of("nowhere", "rulings", tuple) is None
    # a game whose part names the wrong thing is broken, never silently without it
    register(
        replace(
            spec_for("targi"), name="misdeclared", reference="companion.games.targi.rulings:RULINGS"
        )
    )
    try:
        with pytest.raises(TypeError):
            part_of("misdeclared", "reference", Reference)
    finally:
        unregister("misdeclared")
