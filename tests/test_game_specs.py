"""Each game's spec says what the rest of the app needs, and says it as the game's rules do: player
counts as its options accept them, turn and stage ends as actions it reads, a name for each good.
Listing the games loads no rules engine."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.errors import InputError
from companion.registry import GAMES, rules_for, spec_for

BUILT_IN = ("targi", "timbuktu", "tuareg")


def players(count: int) -> list[dict[str, str]]:
    return [{"name": f"P{n}", "colour": f"c{n}"} for n in range(count)]


@pytest.mark.parametrize("game", BUILT_IN)
def test_player_counts_are_the_ones_the_options_accept(game: str) -> None:
    spec, rules = spec_for(game), rules_for(game)
    for count in (spec.min_players, spec.max_players):
        rules.parse_options({"players": players(count)})
    for count in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(InputError):
            rules.parse_options({"players": players(count)})


@pytest.mark.parametrize("game", BUILT_IN)
def test_turn_and_stage_ends_are_actions_of_the_game(game: str) -> None:
    spec, rules = spec_for(game), rules_for(game)
    if spec.turn_end is not None:
        assert rules.parse_action({"kind": spec.turn_end, "player": 0})
    else:
        with pytest.raises(InputError):
            rules.parse_action({"kind": "end_turn", "player": 0})
    if spec.stage_end is not None:
        assert rules.parse_action({"kind": spec.stage_end})
    assert (spec.turn_end, spec.stage_end) == {
        "targi": ("end_turn", None),
        "tuareg": ("end_turn", "score_stage"),
        "timbuktu": (None, None),
    }[game]


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
        "from companion.registry import GAMES\n"
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
