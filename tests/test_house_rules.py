"""House rules: an alternative to one of the app's rulings, chosen once per game, decides its
verdicts, legal moves, raids, limits and scores. Each test is named after the ruling and plays the
same moves under the app's ruling and under the alternative."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import tuareg_table
from cli_process import run
from registered_games import BUILT_IN
from targi_table import RULES, advance_to_round, new_game, place, play

from companion.cli import games
from companion.games.targi import actions as a
from companion.games.targi.model import Good, Phase, Stock, TargiState
from companion.games.tuareg import actions as ta
from companion.games.tuareg.state import GoodCounts
from companion.installation.errors import InputError
from companion.installation.i18n import set_language
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.rules.rulings import chosen, game_options, rulings_of
from companion.store import Store


def verdict(state: TargiState, action: a.TargiAction) -> str | None:
    """The refusal's code, or None when ``action`` is legal."""
    checked = RULES.check(state, action)
    return None if checked.ok else checked.code


def test_every_alternative_a_table_chooses_per_game_is_honoured_by_a_test_here() -> None:
    per_game = {
        (ruling.id, alternative.id)
        for game in BUILT_IN
        for ruling in rulings_of(game)
        if ruling.per_game
        for alternative in ruling.alternatives
    }
    tested = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {ruling for ruling, _alternative in per_game} - {
        "loading_variant",
        "leftovers",
    } <= tested
    assert ("gold_slash", "gold_for_all") not in per_game  # a card's fact, not a game's choice


def test_trades_per_visit() -> None:
    """Bilal's Targi stands on the Silversmith (card 10): one trade, or several under the house
    rule until he skips the card."""

    def second_trade(rulings: dict[str, str] | None) -> TargiState:
        state = place(new_game(rulings=rulings), 5, 2, 3, 14, 13, 10)
        state = play(state, a.EndTurn(player=0))
        return play(
            state, a.UseSilversmith(player=1, trade=a.SilversmithTrade.TWO_GOODS, good=Good.DATES)
        )

    again = a.UseSilversmith(player=1, trade=a.SilversmithTrade.TWO_GOODS, good=Good.SALT)
    app = second_trade(None)
    assert verdict(app, again) == "not_your_card"
    assert again not in RULES.legal_actions(app)

    house = second_trade({"trades_per_visit": "silversmith_repeats"})
    assert 10 in house.players[1].targi  # the visit goes on
    assert again in RULES.legal_actions(house)
    house = play(house, again)
    assert house.players[1].stock == Stock(dates=0, salt=0, pepper=2, gold=1, vp=6)
    house = play(house, a.Skip(player=1, space=10))
    assert verdict(house, again) == "not_your_card"  # the visit is over


def _raid_two_with(rulings: dict[str, str] | None, stock: Stock) -> TargiState:
    """Raid 2 (2 goods or 1 VP), the player to pay first holding ``stock``."""
    state = advance_to_round(new_game(rulings=rulings), 7)
    assert (state.phase, state.raid) == (Phase.RAID, 2)
    s = stock
    return play(
        state,
        a.SetStock(
            player=state.to_move, dates=s.dates, salt=s.salt, pepper=s.pepper, gold=s.gold, vp=s.vp
        ),
    )


def test_raid_unpaid() -> None:
    """One date and no VP at raid 2: the date goes, or nothing under the house rule."""
    app = _raid_two_with(None, Stock(dates=1, gold=2))
    seat = app.to_move
    assert verdict(app, a.PayRaid(player=seat)) == "wrong_payment"
    assert play(app, a.PayRaid(player=seat, dates=1)).players[seat].stock == Stock(gold=2)

    house = _raid_two_with({"raid_unpaid": "raid_nothing"}, Stock(dates=1, gold=2))
    assert verdict(house, a.PayRaid(player=seat, dates=1)) == "wrong_payment"
    assert [move.dates for move in RULES.legal_actions(house)] == [0]
    assert play(house, a.PayRaid(player=seat)).players[seat].stock == Stock(dates=1, gold=2)


def _raid_four_with(rulings: dict[str, str] | None) -> tuple[TargiState, int]:
    """Raid 4 (1 gold or 3 VP), the first payer with neither; returns the state and the VP the
    opponent holds."""
    state = advance_to_round(new_game(rulings=rulings), 13)
    assert state.raid == 4
    first = state.to_move
    state = play(state, a.SetStock(player=first, dates=5, salt=0, pepper=0, gold=0, vp=2))
    return state, state.players[1 - first].stock.vp


def test_last_raid_unpaid() -> None:
    """Unable to pay raid 4, the player gives the opponent 3 VP; nothing under the house rule."""
    app, vp = _raid_four_with(None)
    first = app.to_move
    assert play(app, a.PayRaid(player=first)).players[1 - first].stock.vp == vp + 3

    house, vp = _raid_four_with({"last_raid_unpaid": "last_raid_nothing"})
    assert play(house, a.PayRaid(player=first)).players[1 - first].stock.vp == vp


def _twelfth_card_with(rulings: dict[str, str] | None) -> TargiState:
    """Bilal takes his 12th tribe card holding 5 gold: the game ends with the round."""
    pool = [f"TARGI-TRIBE-{s}-{n}" for s in ("OASIS", "TENT", "TARGIA") for n in range(5, 10)]
    state = place(new_game(rulings=rulings), 14, 2, 3, 7, 11, 10)
    rows = (tuple(pool[0:4]), tuple(pool[4:8]), tuple(pool[8:11]))
    bilal = replace(
        state.players[1], display=rows, stock=Stock(dates=2, salt=2, pepper=2, gold=6, vp=4)
    )
    state = play(state.with_player(1, bilal), a.EndTurn(player=0))
    state = play(state, a.TakeCentralTribe(player=1, cell=(3, 2), decision="display", row=2))
    return play(state, a.EndTurn(player=1))


def test_limits_at_the_end() -> None:
    """The game ends holding 5 gold: it counts for the tie-break, or 2 go back first."""
    app = _twelfth_card_with(None)
    assert (app.phase, app.end_reason) == (Phase.GAME_OVER, "display_full")
    assert RULES.score_sheet(app).tiebreaks[0].values["Bilal"] == 5

    house = _twelfth_card_with({"limits_at_the_end": "limits_always"})
    assert house.phase is Phase.LIMITS
    assert not RULES.is_over(house)
    assert verdict(house, a.ReturnExcess(player=1)) == "wrong_return"
    house = play(house, a.ReturnExcess(player=1, gold=2))
    assert (house.phase, house.end_reason) == (Phase.GAME_OVER, "display_full")
    assert RULES.score_sheet(house).tiebreaks[0].values["Bilal"] == 3
    assert RULES.score_sheet(house).final


def test_turn_needs_option() -> None:
    """With the deck empty and a water in the market, Karin may not pass, unless the house rule
    lets anyone pass then."""
    rules = tuareg_table.RULES
    app = replace(tuareg_table.new_game(), deck=0)
    assert rules.check(app, ta.EndTurn(player=0)).code == "action_possible"
    assert ta.EndTurn(player=0) not in rules.legal_actions(app)

    chosen_rules = {"turn_needs_option": "pass_when_empty"}
    house = replace(tuareg_table.new_game(rulings=chosen_rules), deck=0)
    assert house.market != GoodCounts()
    assert ta.EndTurn(player=0) in rules.legal_actions(house)
    assert rules.apply(house, ta.EndTurn(player=0)).to_move == 1
    # The draw pile still holds cards: a turn needs an option under either ruling.
    drawing = replace(house, deck=5)
    assert rules.check(drawing, ta.EndTurn(player=0)).code == "no_action"


def _to_raid_two_holding_one_date(session: Session) -> int:
    """Play ``session`` to raid 2 the plainest way (as the table enters it), then the player to pay
    holds one date and nothing else; returns their seat."""
    while session.state.round < 7:
        state = session.state
        move = (
            a.EndTurn(player=state.to_move)
            if state.phase is Phase.ACTIONS
            else RULES.legal_actions(state)[0]
        )
        assert session.submit(move, seq=session.seq, game_id=session.game_id).verdict.ok
    seat: int = session.state.to_move
    assert session.submit(
        a.SetStock(player=seat, dates=1, salt=0, pepper=0, gold=0, vp=0),
        seq=session.seq,
        game_id=session.game_id,
    ).verdict.ok
    return seat


def test_a_game_with_a_house_rule_replays_identically_from_its_stored_log(tmp_path: Path) -> None:
    choices = {"raid_unpaid": "raid_nothing", "limits_at_the_end": "limits_always"}
    with Store.open(tmp_path / "games.sqlite3") as store:
        options = RULES.parse_options(
            {
                "players": [
                    {"name": "Amal", "colour": "blue"},
                    {"name": "Bilal", "colour": "white"},
                ],
                **game_options("targi", choices),
            }
        )
        session = Session.create(store, RULES, options)
        seat = _to_raid_two_holding_one_date(session)
        refused = session.submit(
            a.PayRaid(player=seat, dates=1), seq=session.seq, game_id=session.game_id
        )
        assert refused.verdict.code == "wrong_payment"
        assert session.submit(
            a.PayRaid(player=seat), seq=session.seq, game_id=session.game_id
        ).verdict.ok
        played, sheet = session.state, session.score_sheet()
        resumed = Session.resume(store, session.game_id)
    assert resumed.state == played
    assert resumed.state.players[seat].stock == Stock(dates=1)
    assert resumed.house_rules == choices
    assert resumed.score_sheet() == sheet
    assert sheet.house_rules == choices


def test_a_game_stored_before_house_rules_opens_with_the_apps_rulings() -> None:
    stored = {
        "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}],
        "start_player": 0,
        "gold_alternative": {},
        "card_effects": {},
        "rules_version": 2,
    }
    options = RULES.parse_options(stored, stored=True)
    assert RULES.setup(options).house_rules == ()
    assert chosen("targi", stored) == {}


def test_the_score_sheet_names_the_house_rules_in_the_tables_language(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        rules = rules_for("tuareg")
        options = tuareg_table.options(rulings={"turn_needs_option": "pass_when_empty"})
        session = Session.create(store, rules, options)
        try:
            set_language("de")
            notes = session.score_sheet().notes
        finally:
            set_language("en")
        english = session.score_sheet()
    assert english.notes[-1] == (
        "House rules: Once the draw pile is empty, any player may end the turn without an option."
    )
    assert notes[-1].startswith("Hausregeln: ")
    assert english.as_dict()["house_rules"] == {"turn_needs_option": "pass_when_empty"}


@pytest.mark.parametrize(
    ("choices", "code"),
    [
        ({"nonsense": "raid_nothing"}, "unknown_ruling"),
        ({"raid_unpaid": "last_raid_nothing"}, "unknown_alternative"),
        ({"gold_slash": "gold_for_all"}, "unknown_ruling"),
    ],
)
def test_a_new_game_refuses_a_house_rule_its_game_does_not_have(
    choices: dict[str, str], code: str
) -> None:
    with pytest.raises(InputError) as raised:
        RULES.parse_options(
            {
                "players": [
                    {"name": "Amal", "colour": "blue"},
                    {"name": "Bilal", "colour": "white"},
                ],
                "rulings": choices,
            }
        )
    assert raised.value.code == code
    assert raised.value.message.startswith("rulings: ")


def test_an_explained_refusal_names_the_house_rule_that_decided_it(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        game = games.new_game(
            store, "targi", ["Amal:blue", "Bilal:white"], "0", ["raid_unpaid=raid_nothing"]
        )
        assert game["house_rules"] == {"raid_unpaid": "raid_nothing"}
        session = games.open_session(store, game["game_id"])
        seat = _to_raid_two_holding_one_date(session)
        outcome = session.submit(
            a.PayRaid(player=seat, dates=1), seq=session.seq, game_id=session.game_id
        )
        report, code = games.outcome_report(session, outcome, explain=True)
    assert (code, report["verdict"]["code"]) == (1, "wrong_payment")
    assert report["house_rules"] == {"raid_unpaid": "raid_nothing"}
    assert report["verdict"]["explanation"]["house_rule"] == (
        "A player who cannot pay a raid in full gives nothing."
    )


def test_cli_game_new_takes_house_rules_and_show_and_sheet_carry_them(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    players = ("--player", "A:red", "--player", "B:blue", "--player", "C:green")
    code, game = run(
        "game",
        "new",
        "timbuktu",
        *players,
        "--ruling",
        "loading_variant=dealt",
        "--ruling",
        "leftovers=leftovers_count",
        db=db,
    )
    assert code == 0
    expected = {"loading_variant": "dealt", "leftovers": "leftovers_count"}
    assert game["house_rules"] == expected
    assert game["state"]["variant"] == "dealt" and game["state"]["leftovers_removed"] is True
    code, shown = run("game", "show", game["game_id"], db=db)
    assert (code, shown["house_rules"]) == (0, expected)
    code, sheet = run("game", "sheet", game["game_id"], db=db)
    assert (code, sheet["house_rules"]) == (0, expected)
    assert any(note.startswith("House rules: ") for note in sheet["notes"])
    code, plain = run("game", "new", "timbuktu", *players, db=db)
    assert (code, plain["house_rules"]) == (0, {})


@pytest.mark.parametrize(
    ("ruling", "code", "named"),
    [
        ("raid_unpaid", "invalid_value", "expected RULING=ALTERNATIVE"),
        ("nonsense=raid_nothing", "unknown_ruling", "'nonsense'"),
        ("raid_unpaid=nothing", "unknown_alternative", "'nothing'"),
        ("loading_variant=dealt", "unknown_ruling", "'loading_variant'"),  # Timbuktu's
    ],
)
def test_cli_game_new_refuses_a_house_rule_it_does_not_know(
    tmp_path: Path, ruling: str, code: str, named: str
) -> None:
    db = tmp_path / "games.sqlite3"
    exit_code, report = run(
        "game", "new", "targi", "--player", "A:red", "--player", "B:blue", "--ruling", ruling, db=db
    )
    assert (exit_code, report["error"]["code"]) == (2, code)
    assert report["error"]["message"].startswith("ruling: ") and named in report["error"]["message"]
    assert run("game", "list", db=db) == (0, [])


def test_cli_rules_questions_answer_under_the_house_rules_they_name() -> None:
    player = {"dates": 1, "salt": 0, "pepper": 0, "gold": 0, "vp": 0}
    asked = {"raid": 2, "player": player}
    assert run("rules", "targi", "raid", stdin=json.dumps(asked)) == (
        0,
        {"options": [{"goods": 1}], "opponent_gains": 0},
    )
    house = {**asked, "rulings": {"raid_unpaid": "raid_nothing"}}
    assert run("rules", "targi", "raid", stdin=json.dumps(house)) == (
        0,
        {"options": [], "opponent_gains": 0},
    )
    last = {"raid": 4, "player": player}
    assert run("rules", "targi", "raid", stdin=json.dumps(last))[1]["opponent_gains"] == 3
    last_house = {**last, "rulings": {"last_raid_unpaid": "last_raid_nothing"}}
    assert run("rules", "targi", "raid", stdin=json.dumps(last_house))[1]["opponent_gains"] == 0
    code, report = run(
        "rules", "targi", "raid", stdin=json.dumps({**asked, "rulings": {"raid_unpaid": "x"}})
    )
    assert (code, report["error"]["code"]) == (2, "unknown_alternative")
    assert report["error"]["message"].startswith("rulings: ")
    code, report = run("rules", "targi", "raid", stdin=json.dumps({**asked, "rulings": ["x"]}))
    assert (code, report["error"]["code"]) == (2, "invalid_value")
    assert report["error"]["message"].startswith("rulings")


def test_cli_rules_rulings_gives_each_alternative_its_choice_handle() -> None:
    code, listed = run("rules", "rulings", "targi")
    assert code == 0
    handles = {
        alternative["id"]: alternative.get("house_rule")
        for ruling in listed["rulings"]
        for alternative in ruling["alternatives"]
    }
    assert handles == {
        "silversmith_repeats": "trades_per_visit=silversmith_repeats",
        "gold_for_all": None,
        "raid_nothing": "raid_unpaid=raid_nothing",
        "last_raid_nothing": "last_raid_unpaid=last_raid_nothing",
        "limits_always": "limits_at_the_end=limits_always",
    }
