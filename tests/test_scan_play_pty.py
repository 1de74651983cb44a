"""``game scan`` drives a recorded game of each title through every step a card is scanned in, the
tags written by a fake scanner on a real pty and read by the project's scanner supervisor and
parser (:mod:`scan_table`), as the app reads them."""

from __future__ import annotations

import logging
import random
import statistics
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scan_table import ScannedTable

from companion.cli import games
from companion.games.tuareg.loading import reason_message
from companion.play.cards import card_ids
from companion.store import Store

logger = logging.getLogger(__name__)

CAMEL_1 = {"animal": "camel", "number": 1}
CAMEL_2 = {"animal": "camel", "number": 2}


@contextmanager
def table(tmp_path: Path, game: str, *players: str) -> Iterator[ScannedTable]:
    with Store.open(tmp_path / "g.sqlite3") as store:
        new = games.new_game(store, game, list(players), "0")
        session = games.open_session(store, new["game_id"])
        with ScannedTable(tmp_path, store, session) as scanned:
            yield scanned
        latencies = sorted(scanned.latencies)
        logger.warning(
            "%s: %d scans, scan -> verdict median %.1f ms (max %.1f ms); %d moves by %d scans "
            "saving %d taps, %d moves by touch",
            game,
            len(latencies),
            1000 * statistics.median(latencies),
            1000 * latencies[-1],
            scanned.scanned_moves,
            scanned.scanned_cards,
            scanned.taps_saved,
            scanned.touched,
        )


def _t(*names: str) -> tuple[str, ...]:
    return tuple(f"TUAREG-{name}" for name in names)


def test_a_tuareg_game_by_scanner(tmp_path: Path) -> None:
    with table(tmp_path, "tuareg", "A:blue", "B:white") as t:
        assert t.refused(*_t("GOOD-WATER")) == "scan_incomplete"
        assert t.play(*_t("GOOD-WATER", "GOOD-GOLD")) == {
            "kind": "open_market",
            "goods": ["water", "gold"],
        }
        assert t.play(*_t("GOOD-SALT"))["kind"] == "draw"  # the only move a salt makes now
        t.act({"kind": "end_turn", "player": 0})
        assert t.play(*_t("GOOD-MILLET"))["to_market"] == ["millet"]
        t.act({"kind": "end_turn", "player": 1})
        # a load, card after card, with the touch builder's live reasons
        load: dict[str, Any] = {"kind": "load", "onto": CAMEL_1}
        assert t.scan(*_t("GOOD-GOLD"), given=load, check=True)[1].verdict.ok
        _move, outcome = t.scan(*_t("GOOD-GOLD", "GOOD-WATER"), given=load, check=True)
        assert outcome.verdict.code == "water" and t.session.seq == 5
        assert reason_message("water") in outcome.verdict.message  # the touch builder's words
        assert t.play(*_t("GOOD-GOLD", "GOOD-GOLD"), given=load)["goods"] == ["gold", "gold"]
        t.act({"kind": "end_turn", "player": 0})
        taken = t.play(*_t("GOOD-SALT"), given={"kind": "take_market", "onto": CAMEL_1})
        assert (taken["good"], taken["count"]) == ("salt", 1)
        t.act({"kind": "end_turn", "player": 1})
        assert t.refused(*_t("GOOD-WATER")) == "scan_ambiguous"  # draw, or take it onto a camel
        assert t.play(*_t("GOOD-WATER"), given={"kind": "draw"})["to_market"] == ["water"]
        t.act({"kind": "end_turn", "player": 0})
        bought = t.play(*_t("SPECIAL-CAVE", "GOOD-MILLET"))
        assert (bought["kind"], bought["card"], bought["from_cache"]) == ("buy", "cave", ["millet"])
        t.act({"kind": "end_turn", "player": 1})
        assert t.refused(*_t("SPECIAL-THIEF", "GOOD-GOLD")) == "underpaid"  # gold is worth 2
        assert t.play(*_t("SPECIAL-THIEF", "GOOD-GOLD", "GOOD-GOLD"))["card"] == "thief"
        t.act({"kind": "end_turn", "player": 0})
        # a cave used: its special card (the card hidden stays secret)
        hide = {"kind": "hide", "cave": 1, "source": None}
        assert t.play(*_t("SPECIAL-CAVE"), given=hide)["good"] is None
        assert t.play(*_t("GOOD-GOLD"), given={"kind": "draw"})["kind"] == "draw"
        t.act({"kind": "end_turn", "player": 1})
        steal = {"kind": "steal", "thief": 1, "victim": 1, "source": None}
        assert t.play(*_t("SPECIAL-THIEF"), given=steal)["good"] is None  # not shown
        assert t.refused(*_t("SPECIAL-MAP", "GOOD-WATER")) == "not_in_hand"  # A holds none
        paid = {"kind": "buy", "from_animals": [CAMEL_1, CAMEL_1]}  # the tops: taps, not scans
        assert t.play(*_t("SPECIAL-MAP"), given=paid)["from_animals"] == [CAMEL_1, CAMEL_1]
        t.act({"kind": "end_turn", "player": 0})
        t.act({"kind": "set_deck", "count": 0})  # the deck runs out: fast-forward by correction
        assert t.play(*_t("GOOD-WATER"), given={"kind": "load", "onto": CAMEL_2})["kind"] == "load"
        t.act({"kind": "end_turn", "player": 1})
        taken = t.play(
            *_t("GOOD-WATER", "GOOD-WATER"), given={"kind": "take_market", "onto": CAMEL_2}
        )
        assert taken["count"] == 2
        t.act({"kind": "end_turn", "player": 0})
        camel_3 = {"animal": "camel", "number": 3}
        t.play(*_t("GOOD-GOLD"), given={"kind": "take_market", "onto": camel_3})
        t.act({"kind": "end_turn", "player": 1})
        # the stage's end: the hidden cards and the maps, by scans
        assert t.refused(*_t("GOOD-GOLD", "GOOD-GOLD")) == "wrong_count"  # the cave holds one
        assert t.refused(*_t("GOOD-SALT")) == "scan_ambiguous"  # B's cave or A's thief
        assert t.play(*_t("GOOD-SALT"), given={"kind": "reveal_cave"}) == {
            "kind": "reveal_cave",
            "player": 1,
            "cave": 1,
            "goods": ["salt"],
        }
        assert t.play(*_t("GOOD-MILLET")) == {
            "kind": "reveal_thief",
            "player": 0,
            "thief": 1,
            "good": "millet",
        }
        assert t.play(*_t("SPECIAL-MAP")) == {"kind": "cash_map", "player": 0}
        t.act({"kind": "score_stage"})
        # stage 2, played out to the game's end
        assert t.play(*_t("GOOD-WATER"), given={"kind": "draw"})["to_market"] == ["water"]
        t.act({"kind": "end_turn", "player": 0})
        assert t.play(*_t("GOOD-MILLET"), given={"kind": "draw"})["to_market"] == ["millet"]
        t.act({"kind": "end_turn", "player": 1})
        t.act({"kind": "draw", "player": 0})  # the deck's last card: nothing laid, nothing scanned
        t.act({"kind": "end_turn", "player": 0})
        t.play(*_t("GOOD-GOLD"), given={"kind": "take_market", "onto": CAMEL_1})
        t.act({"kind": "end_turn", "player": 1})
        t.play(*_t("GOOD-MILLET"), given={"kind": "take_market", "onto": camel_3})
        t.act({"kind": "end_turn", "player": 0})
        t.act({"kind": "score_stage"})
        # the game's end: a hand revealed by scanning its cards (3 cards: A's hand, not B's 2)
        assert t.play(*_t("GOOD-SALT", "GOOD-SALT", "GOOD-MILLET")) == {
            "kind": "reveal_hand",
            "player": 0,
            "goods": ["salt", "salt", "millet"],
        }
        assert t.play(*_t("GOOD-WATER", "GOOD-MILLET"))["player"] == 1
        assert t.session.state.phase.value == "game_over"
        assert (t.scanned_moves, t.touched) == (24, 21)
        print(
            sorted(
                {
                    a["kind"]
                    for a in map(
                        t.session.rules.dump_action, t.session.rules.legal_actions(t.session.state)
                    )
                }
            )
        )


def _legal(t: ScannedTable) -> list[dict[str, Any]]:
    rules = t.session.rules
    return [rules.dump_action(action) for action in rules.legal_actions(t.session.state)]


def _thief_pile(pen: int) -> tuple[str, ...]:
    """A pile's three cards, scanned goods card first (the order does not matter)."""
    return (
        "TIMBUKTU-THIEF-GOODS-GOLD-SALT",
        f"TIMBUKTU-THIEF-PEN-{pen}",
        "TIMBUKTU-THIEF-PITCH-1-3",
    )


def test_a_timbuktu_game_by_scanner(tmp_path: Path) -> None:
    with table(tmp_path, "timbuktu", "A:blue", "B:white", "C:red") as t:
        assert t.refused("TIMBUKTU-CAMEL-A") == "unexpected_card"  # caravans are loaded first
        for load in _legal(t):  # caravan loads are goods on a board: entered by touch
            t.act(load)
        assert t.refused("TIMBUKTU-CAMEL-A") == "scan_ambiguous"  # which pen: a tap says
        assert t.refused("TIMBUKTU-CAMEL-A", "TIMBUKTU-CAMEL-B") == "unexpected_card"
        stages = 0
        seen = set()
        while t.session.state.phase.value != "game_over":
            legal = _legal(t)
            kind = legal[0]["kind"]
            seen.add(kind)
            if kind in ("place", "move"):
                # the camel card names the camel; the pen (and a payment, a swap field) is a tap
                wanted = legal[-1]
                given = {key: value for key, value in wanted.items() if key not in ("camel",)}
                played = t.play(f"TIMBUKTU-CAMEL-{wanted['camel']}", given=given)
                assert played == wanted
            elif kind == "pass_thief_piles":
                t.act(legal[0])
            else:
                assert kind == "thief"
                robbed = sorted({action["pen"] for action in legal})
                pile = _thief_pile(robbed[0])
                assert t.refused(*pile[:2]) == "scan_incomplete"
                expected = {
                    "kind": "thief",
                    "pen": robbed[0],
                    "pitches": [1, 3],
                    "goods": ["gold", "salt"],
                }
                if len(robbed) == 5 and stages == 0:  # once by a real ``game scan`` process
                    assert t.process(tmp_path / "g.sqlite3", *pile)["action"] == expected
                else:
                    assert t.play(*pile) == expected
                stages += len(robbed) == 1
        assert stages == 3
        assert seen == {"place", "move", "pass_thief_piles", "thief"}


def test_a_targi_game_by_scanner(tmp_path: Path) -> None:
    """Every card drawn in a whole game is scanned: the central cards revealed at setup and at
    each round's end, the goods cards of the Caravan and the tribe cards of the Tribal expansion.
    Other moves are taps, chosen at random (seeded), the Targi sent to the drawing border cards
    whenever they are free."""
    ids = card_ids()["targi"]
    rng = random.Random(3)
    drawn: Counter[str] = Counter()
    with table(tmp_path, "targi", "A:blue", "B:white") as t:
        while not t.session.rules.is_over(t.session.state):
            legal = _legal(t)
            carded = [action for action in legal if action.get("card") in ids]
            if not carded:
                drawing = [a for a in legal if a["kind"] == "place" and a["card"] in (13, 14)]
                t.act(drawing[0] if drawing else rng.choice(legal))
                continue
            wanted = carded[0]
            if wanted["kind"] != "reveal" and not drawn[wanted["kind"]]:  # the wrong pile's card
                other = "TARGI-TRIBE-WELL-3" if wanted["kind"] == "caravan" else "TARGI-GOODS-VP"
                assert t.refused(other) == "wrong_kind"
            move, outcome = t.scan(wanted["card"])
            if outcome.verdict.code == "scan_ambiguous":  # a tribe card's fate, a choice card's
                assert wanted in move.choices
                free = {key: wanted[key] for key in ("decision", "choice") if key in wanted}
                move, outcome = t.scan(wanted["card"], given=free)
            assert outcome.verdict.ok, (wanted, outcome.verdict)
            assert move.action is not None and move.action["kind"] == wanted["kind"]
            drawn[wanted["kind"]] += 1
    assert drawn["reveal"] >= 12 and drawn["caravan"] >= 1 and drawn["tribal_expansion"] >= 1
