"""Settings' language picker: the four languages by their own names; a choice switches the
language at once, is stored, and is the language of the next start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_harness import button_texts, running_app

from companion.games.targi.rules import TargiRules
from companion.installation import i18n
from companion.store import Store
from ui.language import LANGUAGE_SETTING


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_language_chosen_in_settings_is_used_and_stored(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with running_app(database) as h:
        h.tap(h.screen.ids.settings)
        picker = h.screen.ids.language
        assert (list(picker.values), picker.text) == (
            ["English", "Español", "Polski", "Deutsch"],
            "English",
        )
        picker.text = "Polski"
        h.frames()
        assert i18n.current_language() == "pl"
        assert i18n._("The game is over.") == "Gra się skończyła."
    with Store.open(database) as store:
        assert store.get_setting(*LANGUAGE_SETTING) == "pl"
    i18n.set_language("en")
    with running_app(database) as h:  # the next start speaks the stored language
        assert i18n.current_language() == "pl"
        h.tap(h.screen.ids.settings)
        assert h.screen.ids.language.text == "Polski"


def test_switching_the_language_shows_it_on_every_screen_at_once(tmp_path: Path) -> None:
    """No restart: the Settings screen the choice was made on, Home and the game in play all
    speak German as soon as Deutsch is picked."""
    database = tmp_path / "games.sqlite3"
    with running_app(database) as h:
        players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
        h.app.new_game(TargiRules(), TargiRules().parse_options({"players": players}))
        h.tap(h.screen.ids.bar.ids.home)
        h.tap(h.screen.ids.settings)
        h.screen.ids.language.text = "Deutsch"
        h.frames()
        assert h.screen.name == "settings" and h.screen.ids.language.text == "Deutsch"
        assert button_texts(h.screen).count("Zurück") == 1 and "Back" not in button_texts(h.screen)
        h.tap(h.screen.ids.back)
        assert h.screen.name == "home" and h.screen.ids.settings.text == "Einstellungen"
        h.app.back_to_game()
        h.frames()
        assert h.screen.ids.bar.ids.undo.text == "Rückgängig"
        assert h.screen.table is h.app.table  # the same game, shown again
