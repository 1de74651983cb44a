"""Every registered game conforms to what the rest of the app takes from its spec and its UI entry,
whatever its package: player counts as its options accept them, turn and stage ends as actions it
reads, each part the spec declares loading as what it says it is, every verdict code explained and
in one section of its reference, each ruling's setting one the game has, and a screen that is a game
screen. Parametrised over :data:`registered_games.GAMES` (the games the registry finds, and the
fourth test game): a new game is checked here without a test being edited."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from registered_games import GAMES, plugged_in

from companion.installation.errors import InputError
from companion.play.cards import card_ids, game_of
from companion.rules.explanations import ExplanationTable, explanation, game_table
from companion.rules.reference import Reference, codes_by_part, reference_of
from companion.rules.refusals import SHARED, RefusalTable, all_refusals
from companion.rules.registry import part_of, rules_for, spec_for
from companion.rules.rulings import Ruling, offered, rulings_of


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    with plugged_in(request.param):
        yield request.param


def players(count: int) -> list[dict[str, str]]:
    return [{"name": f"P{n}", "colour": f"c{n}"} for n in range(count)]


def test_player_counts_are_the_ones_the_options_accept(game: str) -> None:
    spec, rules = spec_for(game), rules_for(game)
    for count in (spec.min_players, spec.max_players):
        rules.parse_options({"players": players(count)})
    for count in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(InputError):
            rules.parse_options({"players": players(count)})


def test_turn_and_stage_ends_are_actions_of_the_game(game: str) -> None:
    spec, rules = spec_for(game), rules_for(game)
    if spec.turn_end is not None:
        assert rules.parse_action({"kind": spec.turn_end, "player": 0})
    else:
        with pytest.raises(InputError):
            rules.parse_action({"kind": "end_turn", "player": 0})
    if spec.stage_end is not None:
        assert rules.parse_action({"kind": spec.stage_end})


def test_the_spec_names_the_game_and_its_cards(game: str) -> None:
    spec = spec_for(game)
    assert spec.name == game == rules_for(game).name and game.isidentifier() and game.islower()
    assert spec.title() and 1 <= spec.min_players <= spec.max_players
    assert all(game_of(card) == game for card in card_ids()[game])
    assert (
        set(spec.card_copies()) <= card_ids()[game] and set(spec.card_hints()) <= card_ids()[game]
    )


def test_every_part_the_spec_declares_loads_as_what_it_is(game: str) -> None:
    rulings = part_of(game, "rulings", tuple)
    assert rulings is None or all(isinstance(ruling, Ruling) for ruling in rulings)
    refusals = part_of(game, "refusals", RefusalTable)
    assert refusals is None or refusals.game == game
    table = part_of(game, "explanations", ExplanationTable)
    assert table is None or table.game == game
    reference = part_of(game, "reference", Reference)
    assert reference is None or reference.game == game
    assert (table is None) == (refusals is None), "a game's own codes are explained"


def test_the_explanation_table_covers_exactly_the_games_codes(game: str) -> None:
    table = game_table(game)
    own = {entry.code for entry in all_refusals() if entry.game == game}
    shared = {entry.code for entry in SHARED}
    # a game explains its own codes; a shared code it words its own way (a variant) may rely on
    # the shared explanation, and nothing else is explained
    assert own - shared <= set(table.codes() if table is not None else ()) <= own
    for code in own | shared:
        found = explanation(game, code)
        assert found is not None and found.title and found.text, code


def test_every_verdict_code_belongs_to_one_section(game: str) -> None:
    reference = reference_of(game)
    if reference is None:
        pytest.skip(f"{game} declares no rules reference")
    ids = [part.id for part in reference.parts]
    assert len(set(ids)) == len(ids) and ids[-1] == "app"
    assert all(part.sources for part in reference.parts)
    codes = {entry.code for entry in all_refusals() if entry.game in (None, game)}
    placed = [code for found in codes_by_part(game).values() for code in found]
    assert sorted(placed) == sorted(codes)
    for part in reference.parts:
        for code in codes_by_part(game)[part.id]:
            found = explanation(game, code)
            assert found is not None and found.section in part.sources, (part.id, code)


def test_a_ruling_a_table_can_choose_names_a_setting_the_game_has(game: str) -> None:
    settings = spec_for(game).settings
    keys = settings().keys if settings is not None else ()
    listed = [ruling.id for ruling in rulings_of(game)]
    assert len(listed) == len(set(listed))
    for ruling in rulings_of(game):
        if ruling.setting is not None:
            assert ruling.setting in keys, (game, ruling.id)


def test_every_house_rule_offered_says_itself_in_a_few_words(game: str) -> None:
    for ruling in offered(game):
        assert ruling.title and ruling.short, ruling.id
        assert all(alternative.short for alternative in ruling.alternatives), ruling.id


def test_the_games_ui_entry_gives_a_game_screen_and_its_tour(game: str) -> None:
    """Every part the entry declares loads as what it must be: the screen, the corrections, the
    tour's states, the positions the app's own states log, the typical turns, the Settings section."""
    from companion.rules.registry import load
    from ui.games import corrections_of, entry_of, screen_class
    from ui.screens.base import GameScreen

    assert issubclass(screen_class(game), GameScreen)
    entry = entry_of(game)
    if entry is None:
        return  # the generic screen and corrections serve it
    assert entry.game == game
    corrections_of(game)  # loads, if declared
    if entry.tour is not None:
        from ui.audit.tour import all_states

        states = load(entry.tour, dict)
        assert states and set(states) <= set(all_states())
        assert all(callable(state) for state in states.values())
    if entry.positions is not None:
        from ui.audit.positions import Positions

        assert callable(load(entry.positions, Positions).under_way)
    if entry.turns is not None:
        from ui.audit.taps import Turn

        turns = load(entry.turns, tuple)
        assert turns and all(isinstance(t, Turn) and t.game == game for t in turns)
    if entry.settings is not None:
        from ui.screens.settings_section import SettingsSection

        assert issubclass(load(entry.settings, type), SettingsSection)
