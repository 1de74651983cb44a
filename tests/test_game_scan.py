"""``table-companion game scan``: a scanned tag does what the screen would do with it, as real
processes on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_process import run

from companion.play.cards import TagDirectory
from companion.store import Store


def _new(db: Path, game: str, players: int = 2) -> dict[str, Any]:
    seats = ("A:blue", "B:white", "C:red")[:players]
    code, out = run("game", "new", game, *(f"--player={seat}" for seat in seats), db=db)
    assert code == 0, out
    return out  # type: ignore[no-any-return]


def test_targi_setup_is_revealed_by_scanning_card_after_card(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    game = _new(db, "targi")
    gid, seq = game["game_id"], game["seq"]
    revealed = 0
    while True:
        code, legal = run("game", "legal", gid, db=db)
        reveals = [action for action in legal if action["kind"] == "reveal"]
        if not reveals:
            break
        card = reveals[-1]["card"]  # any card still in its pile
        code, out = run("game", "scan", gid, str(seq), card, "--compact", db=db)
        assert code == 0, out
        assert out["action"]["kind"] == "reveal" and out["action"]["card"] == card
        # the first cell awaiting a card of its kind
        assert out["action"]["cell"] == next(r["cell"] for r in reveals if r["card"] == card)
        assert out["verdict"]["ok"] and out["seq"] == seq + 1
        seq, revealed = out["seq"], revealed + 1
    assert revealed >= 1
    code, shown = run("game", "show", gid, db=db)
    assert shown["state"]["phase"] != "reveal"
    # no card is drawn now: the game's own scan check refuses, and nothing changes
    code, out = run("game", "scan", gid, str(seq), "TARGI-TRIBE-WELL-9", db=db)
    assert code == 1 and out["verdict"]["code"] in ("no_card_expected", "wrong_kind_drawn")
    assert out["action"] is None and out["seq"] == seq


def test_tags_other_games_unknown_tags_and_stale_scans(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    game = _new(db, "targi")
    gid = game["game_id"]
    code, legal = run("game", "legal", gid, db=db)
    card = legal[0]["card"]
    with Store.open(db) as store:
        TagDirectory.from_store(store).enrol(store, "04A1B2C3", card)
    code, out = run("game", "scan", gid, "0", "TUAREG-GOOD-WATER", db=db)
    assert (code, out["verdict"]["code"], out["seq"]) == (1, "other_game", 0)
    assert "Tuareg" in out["verdict"]["message"]
    code, out = run("game", "scan", gid, "0", "04A1B2C3", "--compact", db=db)
    assert code == 0 and out["card"] == card and out["action"]["card"] == card
    code, out = run("game", "scan", gid, "0", "04A1B2C3", db=db)
    assert (code, out["verdict"]["code"]) == (1, "stale")
    code, out = run("game", "scan", gid, "1", "FFFF0000", db=db)
    assert code == 2 and out["error"]["code"] == "unknown_tag"
    assert "FFFF0000" in out["error"]["message"]
    code, log = run("game", "log", gid, db=db)
    assert [entry["seq"] for entry in log["entries"] if entry["kind"] == "action"] == [1]


def test_a_scan_that_fits_several_moves_lists_them_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    gid = _new(db, "tuareg")["game_id"]
    code, out = run("game", "scan", gid, "0", "tuareg-good-water", db=db)
    assert (code, out["verdict"]["code"], out["action"]) == (1, "scan_incomplete", None)
    assert out["seq"] == 0
    code, out = run("game", "scan", gid, "0", "TUAREG-GOOD-WATER", "TUAREG-GOOD-GOLD", db=db)
    assert code == 0 and out["action"] == {"kind": "open_market", "goods": ["water", "gold"]}
    assert out["cards"] == ["TUAREG-GOOD-WATER", "TUAREG-GOOD-GOLD"]
    # a water now: laid into the market by a draw, or taken from it onto one of three camels
    code, out = run("game", "scan", gid, "1", "TUAREG-GOOD-WATER", db=db)
    assert (code, out["verdict"]["code"], out["action"]) == (1, "scan_ambiguous", None)
    assert {choice["kind"] for choice in out["choices"]} == {"draw", "take_market"}
    assert all('"water"' in json.dumps(choice) for choice in out["choices"])
    assert out["seq"] == 1
    # a tap says which: the camel it goes on
    given = json.dumps({"kind": "take_market", "onto": out["choices"][-1]["onto"]})
    code, out = run("game", "scan", gid, "1", "TUAREG-GOOD-WATER", "--with", given, db=db)
    assert code == 0 and out["action"]["kind"] == "take_market" and out["seq"] == 2


def test_a_timbuktu_card_the_moment_does_not_take_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    gid = _new(db, "timbuktu", players=3)["game_id"]
    code, out = run("game", "scan", gid, "0", "TIMBUKTU-THIEF-PEN-1", db=db)
    assert (code, out["verdict"]["code"], out["seq"]) == (1, "unexpected_card", 0)
    assert "TIMBUKTU-THIEF-PEN-1" in out["verdict"]["message"]
    code, out = run("game", "scan", gid, "0", "TARGI-TRIBE-WELL-3", db=db)
    assert (code, out["verdict"]["code"]) == (1, "other_game")


def test_check_answers_without_writing_and_a_move_of_one_card_takes_one(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    gid = _new(db, "tuareg")["game_id"]
    pair = ("TUAREG-GOOD-SALT", "TUAREG-GOOD-SALT")
    code, out = run("game", "scan", gid, "0", *pair, "--check", "--compact", db=db)
    assert code == 0 and out["verdict"]["ok"] and out["action"]["kind"] == "open_market"
    assert out["seq"] == 0
    code, out = run("game", "scan", gid, "0", *pair, "--with", "[1]", db=db)
    assert (code, out["error"]["code"]) == (2, "invalid_value")
    code, log = run("game", "log", gid, db=db)
    assert log["entries"] == []
    targi = _new(db, "targi")["game_id"]
    code, legal = run("game", "legal", targi, db=db)
    cards = [action["card"] for action in legal[:2]]
    code, out = run("game", "scan", targi, "0", *cards, db=db)
    assert (code, out["verdict"]["code"], out["seq"]) == (1, "scan_one_card", 0)
    assert cards[0] in out["verdict"]["message"] and out["cards"] == cards
