"""The Rules screen by touch: opened from a Targi game mid-round at the section of its step, with
"What can I do now?" naming a closed option's rule; a closed option leads to its section; the
search (on the on-screen keyboard) filters the sections in the table's language; reached from Home
for the chosen game; laid out soundly at both sizes, in English and German."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.core.window import Window
from targi_table import CENTRE, RULES
from ui_harness import SIZES, Harness, plain, running_app, shot, tap_text

from companion.games.targi import actions as a
from companion.installation.i18n import set_language
from companion.play.session import Session
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.keyboard import OnScreenKeyboard
from ui.screens.rules import OptionRow, SectionButton


def mid_round(database: Path) -> str:
    """A Targi game in round 1's placement: Amal on 2 Dates, Bilal on 6 Pepper (card 14 is
    opposite Bilal's Targi, card 1 under the robber), Amal to place."""
    with Store.open(database) as store:
        options = RULES.parse_options(
            {
                "players": [
                    {"name": "Amal", "colour": "blue"},
                    {"name": "Bilal", "colour": "white"},
                ],
                "start_player": 0,
            }
        )
        session = Session.create(store, RULES, options)
        actions = [a.RevealCard(cell=c, card=k) for c, k in CENTRE.items()]
        actions += [a.Place(player=0, card=2), a.Place(player=1, card=6)]
        for action in actions:
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        return session.game_id


def sections(h: Harness) -> list[str]:
    return [b.section for b in reversed(h.screen.ids.sections.children)]


def chosen(h: Harness) -> str:
    (button,) = [b for b in h.screen.ids.sections.children if b.chosen]
    return str(button.section)


def rows(h: Harness) -> list[OptionRow]:
    return [w for w in reversed(h.screen.ids.body.children) if isinstance(w, OptionRow)]


def body_text(h: Harness) -> str:
    return "\n".join(plain(w.text) for w in reversed(h.screen.ids.body.children))


def type_words(h: Harness, words: str) -> None:
    """Tap Search, type ``words`` key by key on the on-screen keyboard, tap OK."""
    h.tap(h.screen.ids.search)
    (keyboard,) = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
    for letter in words:
        key = " " if letter == " " else letter.lower()
        (button,) = [k for k in keyboard.walk() if getattr(k, "key", None) == key and k.width > 0]
        h.tap(button)
    (ok,) = [k for k in keyboard.walk() if plain(getattr(k, "text", "")) == "OK"]
    h.tap(ok)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_rules_from_a_targi_game_open_at_its_step(tmp_path: Path, size) -> None:
    database = tmp_path / "games.sqlite3"
    game_id = mid_round(database)
    with running_app(database, size) as h:
        h.app.resume(game_id)
        assert h.screen.name == "game-targi"
        h.tap(h.screen.ids.bar.ids.rules)
        assert h.screen.name == "rules"
        assert chosen(h) == "placing"
        assert sections(h)[:5] == ["setup", "overview", "robber", "raid", "placing"]
        text = body_text(h)
        assert text.startswith("What can I do now?")
        assert "2. Place the Targi" in text
        closed = {plain(r.text).split("\n")[0][2:]: r for r in rows(h) if r.closed}
        opposite = closed["Targi on 14 Tribal expansion"]
        assert "Not opposite an opponent's Targi: Card 14 is opposite an opponent's Targi." in (
            plain(opposite.text)
        )
        (ready,) = [r for r in rows(h) if not r.closed]
        assert "Targi on 3 Salt · Targi on 5 Merchant" in plain(ready.text)
        h.frames(3)
        assert audit(window_roots(Window), tuple(Window.size)) == []
        shot(h, "rules-targi-placement")
        robber = closed["Targi on 1 Noble"]
        h.tap(robber)  # the rule behind it: its section
        assert chosen(h) == "robber"
        assert "1. Move the robber" in body_text(h)
        tap_text(h, "Back")
        assert h.screen.name == "game-targi"


def test_search_filters_sections_and_clears(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        h.screen.ids.game.text = "targi"
        h.frames(1)
        tap_text(h, "Rules: Targi")
        assert h.screen.name == "rules"
        assert chosen(h) == "setup"
        assert "What can I do now?" not in body_text(h)  # no Targi game on the table
        type_words(h, "raid")
        found = sections(h)
        assert "raid" in found and "placing" in found and "scoring" not in found
        assert all(isinstance(b, SectionButton) for b in h.screen.ids.sections.children)
        assert plain(h.screen.ids.search.text) == "Search: raid"
        tap_text(h, "Clear")
        assert len(sections(h)) == 14
        type_words(h, "xyzzy")  # the keyboard starts from the words searched: none now
        assert sections(h) == []
        assert "No section mentions “xyzzy”." in body_text(h)
        tap_text(h, "Clear")
        assert plain(h.screen.ids.search.text) == "Search"
        tap_text(h, "Back")
        assert h.screen.name == "home"


def test_german_search_is_accent_blind(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id = mid_round(database)
    set_language("de")
    with running_app(database, SIZES[0]) as h:
        h.app.resume(game_id)
        h.tap(h.screen.ids.bar.ids.rules)
        assert h.screen.name == "rules"
        assert chosen(h) == "placing"
        assert "Was kann ich jetzt tun?" in body_text(h)
        assert audit(window_roots(Window), tuple(Window.size)) == []
        shot(h, "rules-targi-placement-de")
        type_words(h, "räuber")
        found = sections(h)
        assert "robber" in found and "raid" in found and "markers" not in found
        assert plain(h.screen.ids.search.text) == "Suche: räuber"
        tap_text(h, "Leeren")
        h.screen.searched("RAUBER")  # without the umlaut, in capitals: the same sections
        assert sections(h) == found


def test_the_layout_audit_visits_the_rules_of_every_game() -> None:
    from ui.audit.tour import all_states

    names = {"rules_targi", "rules_targi_search", "rules_tuareg", "rules_timbuktu"}
    assert names <= set(all_states())
