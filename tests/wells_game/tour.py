"""The layout tour's states of the fourth game: its screen mid-turn, its rules, its cards in
Settings' enrolment chooser and its own section of Settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.audit.tour import open_rules, settings, start_from_home


def wells_turn(d: Any) -> None:
    """Ada has drawn 2 buckets: only "end the turn" is left."""
    start_from_home(d, "wells", ("Ada", "Ben"))
    d.tap_text("2", suffix=True)


def rules_wells(d: Any) -> None:
    wells_turn(d)
    open_rules(d)


def settings_wells_cards(d: Any) -> None:
    """An unknown tag scanned during a game of wells: Settings offers wells' cards."""
    start_from_home(d, "wells", ("Ada", "Ben"))
    d.app.unknown_tag("0A1B2C3D4E")
    d.frames(2)
    d.expect_screen("settings")


def settings_wells_target(d: Any) -> None:
    """Settings from Home: wells' section chosen by its chip (Tuareg's shows first), its target
    stepped up and saved."""
    settings(d)
    d.tap_text("Wells")
    section = d.screen.sections["wells"]
    d.tap(section.target.ids.up)
    d.tap(section.save)


STATES: dict[str, Callable[[Any], None]] = {
    "wells_turn": wells_turn,
    "rules_wells": rules_wells,
    "settings_wells_cards": settings_wells_cards,
    "settings_wells_target": settings_wells_target,
}
