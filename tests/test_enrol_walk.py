"""The enrolment walk the Settings screen and ``tags enrol`` share, on a real SQLite file: the card
asked, skip and back, the walk remembered across objects (a screen left and entered again), the
refusals that change nothing, and copies of a card that share an id."""

from __future__ import annotations

from pathlib import Path

from companion.play.cards import TagDirectory
from companion.store import Store
from hardware.scanner.enrol import EnrolWalk, deck_of


def walk(store: Store, game: str = "tuareg", *, remember: bool = True) -> EnrolWalk:
    return EnrolWalk(store, TagDirectory.from_store(store), game, deck_of(game), remember=remember)


def asked(w: EnrolWalk) -> tuple[str, int] | None:
    return None if w.current is None else (w.current.card, w.current.copy)


def test_skips_and_a_return_are_remembered_and_copies_share_an_id(tmp_path: Path) -> None:
    with Store.open(tmp_path / "c.sqlite3") as store:
        first = walk(store)
        assert asked(first) == ("TUAREG-GOOD-GOLD", 1) and not first.can_go_back
        assert first.scan("G1").result == "enrolled"
        first.skip()  # gold 2 of 10 left for now
        assert asked(first) == ("TUAREG-GOOD-GOLD", 3) and first.can_go_back
        outcome = first.scan("G1")  # gold 1's tag again: refused, the card still asked
        assert (outcome.code, outcome.enrolled_to) == ("tag_enrolled_elsewhere", "TUAREG-GOOD-GOLD")
        assert asked(first) == ("TUAREG-GOOD-GOLD", 3)
        other = first.scan(" targi-goods-vp ")  # a printed label of another game
        assert (other.code, other.card, other.game) == ("printed_tag", "TARGI-GOODS-VP", "targi")
        assert store.enrolled_tags() == {"G1": "TUAREG-GOOD-GOLD"}

        again = walk(store)  # the screen entered again: on at gold 3, not at the skipped gold 2
        assert asked(again) == ("TUAREG-GOOD-GOLD", 3)
        assert [(c.card, c.copy) for c in again.skipped] == [("TUAREG-GOOD-GOLD", 2)]
        again.back()
        assert asked(again) == ("TUAREG-GOOD-GOLD", 2)
        assert asked(walk(store, remember=False)) == ("TUAREG-GOOD-GOLD", 2)  # the CLI: first gap
        assert again.left == again.total - 1


def test_the_end_of_the_deck_and_going_over_the_skipped_cards(tmp_path: Path) -> None:
    with Store.open(tmp_path / "c.sqlite3") as store:
        w = walk(store, "targi")
        for _card in range(w.total):
            w.skip()
        assert w.current is None and len(w.skipped) == w.total == w.left
        assert w.scan("T1").code == "walk_over" and store.enrolled_tags() == {}
        assert walk(store, "targi").current is None  # the end is remembered too
        w.again()
        assert asked(w) == ("TARGI-GOODS-2DATES", 1)
        assert asked(walk(store, "tuareg")) == ("TUAREG-GOOD-GOLD", 1)  # each game its own walk
